// The app's settings and what the renderer may know about the running mode and the key.
import { z } from 'zod'
import { profileOverrideSchema } from '../api/routes'
import { INSECURE_URL_MESSAGE, isSecureServiceUrl } from './service-url'
import { creditLimitSchema } from './spend-limits'
import { ALL_NOTIFICATION_KINDS, notificationKindsSchema } from './notifications'
import { FOLLOW_SYSTEM, isLanguageTag, LANGUAGES } from '../i18n/languages'

/**
 * A service or webhook address: http or https only, so that a `file:` or `javascript:`
 * URL is never saved and later fetched or opened. An empty string means "not set".
 */
const webUrlOrEmpty = () => z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).or(z.literal(''))

/**
 * An address the API key is sent to: a web URL as above, and https unless it is this
 * computer's own (see service-url.ts).
 */
const serviceUrlOrEmpty = () =>
  z
    .url({ protocol: /^https?$/, message: 'Must be an http(s) URL' })
    // Said only of a web URL: a `file:` URL hears just that it is not one.
    .refine(isSecureServiceUrl, { message: INSECURE_URL_MESSAGE, when: (payload) => payload.issues.length === 0 })
    .or(z.literal(''))

export const THEMES = ['system', 'light', 'dark'] as const
const themeSchema = z.enum(THEMES)
export type Theme = z.infer<typeof themeSchema>

/**
 * The language as stored: 'system' or any BCP 47 tag, so a language a newer version added
 * is not taken for damage here (it is spoken where this version has it, else the system's).
 */
const storedLanguageSchema = z.string().max(64).refine((tag) => tag === FOLLOW_SYSTEM || isLanguageTag(tag), { message: 'Must be a language tag such as de or pt-BR, or system' })
/** What Settings may choose: one of the app's languages, or the system's. */
const languageChoiceSchema = z.enum([FOLLOW_SYSTEM, ...LANGUAGES])

export const settingsSchema = z.object({
  /** Base URL of the live service (the demo service's is chosen at start). */
  baseUrl: serviceUrlOrEmpty().default(''),
  legacyBaseUrl: serviceUrlOrEmpty().default(''),
  /** A public URL that reaches the local webhook listener (a tunnel the user runs). */
  publicWebhookUrl: webUrlOrEmpty().default(''),
  webhookPort: z.number().int().min(0).max(65535).default(0),
  /** How long the CDN keeps outputs, used to order downloads by deadline. */
  cdnRetentionHours: z.number().min(0.01).max(24 * 30).default(24),
  maxConcurrentDownloads: z.number().int().min(1).max(16).default(4),
  /** System notifications while the window is in the background (Settings → System notifications); off mutes them all. */
  notifications: z.boolean().default(true),
  /** Which kinds of notification are on: finished jobs, failed jobs, and what needs attention. */
  notificationKinds: notificationKindsSchema.default(ALL_NOTIFICATION_KINDS),
  /** The page's colours: the system's choice, or always light or dark. Dark is how the app first looked. */
  theme: themeSchema.default('dark'),
  /** Where the live account's library is, when moved out of the data folder; '' for the default. */
  libraryDir: z.string().max(4096).default(''),
  profileOverride: profileOverrideSchema.optional(),
  /** Whether the desktop app checks for a new version at start and daily (Settings → Updates). */
  autoUpdate: z.boolean().default(true),
  /** Spending limits in credits (see spend-limits.ts); null: no limit. */
  dailyCreditLimit: creditLimitSchema.nullable().default(null),
  monthlyCreditLimit: creditLimitSchema.nullable().default(null),
  askAboveCredits: creditLimitSchema.nullable().default(null),
  /** The language of the app, its menu, notices and notifications (Settings → Language): 'system' follows the system's. */
  language: storedLanguageSchema.default(FOLLOW_SYSTEM)
})
export type Settings = z.infer<typeof settingsSchema>
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({})

export const settingsPatchSchema = z.strictObject({
  baseUrl: serviceUrlOrEmpty().optional(),
  legacyBaseUrl: serviceUrlOrEmpty().optional(),
  publicWebhookUrl: webUrlOrEmpty().optional(),
  webhookPort: z.number().int().min(0).max(65535).optional(),
  cdnRetentionHours: z.number().min(0.01).max(24 * 30).optional(),
  maxConcurrentDownloads: z.number().int().min(1).max(16).optional(),
  notifications: z.boolean().optional(),
  notificationKinds: notificationKindsSchema.strict().optional(),
  theme: themeSchema.optional(),
  profileOverride: profileOverrideSchema.nullable().optional(),
  autoUpdate: z.boolean().optional(),
  /** null clears a limit. */
  dailyCreditLimit: creditLimitSchema.nullable().optional(),
  monthlyCreditLimit: creditLimitSchema.nullable().optional(),
  askAboveCredits: creditLimitSchema.nullable().optional(),
  language: languageChoiceSchema.optional()
})
export type SettingsPatch = z.infer<typeof settingsPatchSchema>
/** The page's patch, plus what only the engine changes: the library folder, set by a verified move. */
export type StoredSettingsPatch = SettingsPatch & { libraryDir?: string }

/**
 * Whether the service has accepted the key, as last checked with GET /v2/me. 'Connected'
 * is said only in state 'connected'; until then jobs waiting to be sent are held.
 */
export const connectionSchema = z.object({
  state: z.enum(['demo', 'checking', 'connected', 'rejected', 'unreachable', 'failing']),
  /** What went wrong, in words ("Cannot reach api.example.com"); null when nothing did. */
  message: z.string().nullable()
})
export type Connection = z.infer<typeof connectionSchema>

export const appInfoSchema = z.object({
  version: z.string(),
  mode: z.enum(['demo', 'live']),
  keySet: z.boolean(),
  /** Only the last four characters of the key ever reach the renderer. */
  keyLast4: z.string().max(4).nullable(),
  /** How the key is stored: OS keyring, Electron's basic_text fallback, or a 0600 file. */
  keyProtection: z.enum(['keyring', 'basic_text', 'file', 'none']),
  /**
   * Why the user must enter a key for the service now configured (the one they gave was
   * for another address and is not sent here); null when no key is missing.
   */
  keyNeeded: z.string().nullable(),
  baseUrl: z.string(),
  libraryDir: z.string(),
  /** The engine's log file, so the user can find it; null while there is none. */
  logFile: z.string().nullable(),
  webhooks: z.enum(['off', 'local', 'public']),
  connection: connectionSchema,
  platform: z.enum(['electron', 'browser'])
})
export type AppInfo = z.infer<typeof appInfoSchema>
