// The app's one IPC contract: route name -> {input, output} schemas, and the events main
// sends to the renderer. Electron's main process and the Node host both parse every input
// with these schemas before the engine sees it; a call answers `{ok, data}` or
// `{ok: false, error}` and never throws across the boundary.
import { z } from 'zod'
import { catalogEntrySchema, loraSchema, uploadSchema, LORA_IMAGES_MAX, LORA_IMAGES_MIN, SUBJECT_KINDS } from './api'
import { accountSchema } from './app/account'
import { apiKeySchema } from './app/api-key'
import { curationEvents, curationRoutes } from './app/curation-routes'
import { fileSettingsSchema } from './app/file-settings'
import { libraryQuerySchema } from './app/library-query'
import { libraryRepairSchema } from './app/library-repair'
import { importProgressSchema, importResultSchema } from './app/library-import'
import { libraryPictureEvents, libraryPictureRoutes } from './app/library-pictures'
import { libraryMoveProgressSchema } from './app/library-move'
import { spendScopeSchema, spendSummarySchema } from './app/spend'
import { spendStandingSchema } from './app/spend-limits'
import { teamJobSchema } from './app/team'
import { webhookCheckSchema, webhookHealthSchema } from './app/webhook-health'
import { jobViewSchema, libraryEntrySchema } from './app/views'
import { libraryImageRefSchema, loraViewSchema } from './app/lora-timeline'
import { appInfoSchema, settingsPatchSchema, settingsSchema } from './app/settings'
import { MAX_JOBS_PER_CONFIRMATION } from './app/send-caps'
import { updateStatusSchema } from './app/updates'
import { appNotificationSchema, notificationTargetSchema } from './app/notifications'
import { noticeSchema } from './app/notice'
import { printableName, refuseForbiddenKeys, safeId, safeKey, safePath } from './app/safe-keys'
import type { EventName } from './event-names'

// Ids become property names and map keys in main, so the prototype's names are refused.
const id = safeId
/** A request body: every key, at any depth, is a name main may use as a property. */
const requestBody = z.record(safeKey, z.unknown()).superRefine(refuseForbiddenKeys)
/** A file handed over by the page (drag-and-drop or picker), base64 so both transports carry it. */
export const fileInputSchema = z.strictObject({
  fileName: printableName.min(1, 'Required').max(255),
  dataBase64: z.string().min(1, 'The file is empty').max(72 * 1024 * 1024, 'The file is larger than 50 MiB')
})
export type FileInput = z.infer<typeof fileInputSchema>

const empty = z.strictObject({}).optional()

/** The settings of a new LoRA; the page's form checks them with this same schema. */
export const loraCreateFieldsInput = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(100),
  subjectKind: z.enum(SUBJECT_KINDS),
  gender: z.string().max(50).optional(),
  ethnicity: z.string().max(50).optional(),
  age: z.string().max(50).optional(),
  steps: z.number().int().min(500).max(3000).optional(),
  loraRank: z.number().int().min(8).max(64).optional(),
  triggerWord: z.string().max(50).optional()
})
const nothing = z.null()
const catalogListSchema = z.object({ models: z.array(catalogEntrySchema), offline: z.boolean() })

/** One job to send. The request body is validated by the engine against the service contract, so that its `details` name the same fields the service would. */
const jobSubmission = z.strictObject({
  request: requestBody,
  /** Which upload each input field holds; `field` is one of the model's input paths. */
  inputs: z.array(z.strictObject({ field: safePath.min(1, 'Required').max(200), uploadId: id })).max(40).optional()
})

/**
 * Set by the page once the user said yes to a send that costs more than their ask-first
 * threshold; without it main refuses such a send with `ask_first`, and nothing is sent.
 */
const spendConfirmed = z.boolean().optional()

/**
 * `storage`: the app's own disk refused a write the request needed (say, it is full); nothing was done.
 * `over_limit`: the send would pass a daily or monthly spending limit (the message names it); nothing was sent.
 * `ask_first`: the send costs more than the ask-first threshold; the page asks, then sends it with `spendConfirmed`.
 */
export const ERROR_CODES = ['invalid_input', 'unknown_route', 'validation', 'auth', 'credits', 'not_found', 'conflict', 'rate_limited', 'network', 'service', 'forbidden', 'storage', 'over_limit', 'ask_first', 'internal'] as const
export const appErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Field path -> messages, for forms (same keys as the service's ValidationError). */
  details: z.record(z.string(), z.array(z.string())).optional()
})

export const routes = {
  'app.info': { input: empty, output: appInfoSchema },
  'settings.get': { input: empty, output: settingsSchema },
  'settings.update': { input: settingsPatchSchema, output: settingsSchema },
  'key.set': { input: z.strictObject({ apiKey: apiKeySchema }), output: appInfoSchema },
  'key.clear': { input: empty, output: appInfoSchema },
  /** The account without the key's prefix: only its last four characters reach the page. */
  'account.get': { input: empty, output: accountSchema },
  /** The models on offer: the copy kept on disk first, the service asked behind it (see `catalog.changed`). */
  'catalog.list': { input: empty, output: catalogListSchema },

  'jobs.submit': { input: jobSubmission.extend({ spendConfirmed }), output: jobViewSchema },
  /**
   * One confirmed send of several jobs (a batch, a wildcard prompt's cells, a matrix),
   * checked as a whole: at most MAX_JOBS_PER_CONFIRMATION, and refused whole, before any is
   * sent, past the jobs-per-minute cap or a spending limit (its total against the limits and
   * the ask-first threshold). Each job is then answered as `jobs.submit` would be.
   */
  'jobs.submitConfirmed': {
    input: z.strictObject({
      spendConfirmed,
      jobs: z
        .array(jobSubmission)
        .min(1, 'At least one job')
        .max(MAX_JOBS_PER_CONFIRMATION, `At most ${MAX_JOBS_PER_CONFIRMATION} jobs in one confirmation (a matrix, a batch, a wildcard prompt's cells); nothing was sent`)
    }),
    output: z.array(z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), job: jobViewSchema }), z.object({ ok: z.literal(false), error: appErrorSchema })]))
  },
  'jobs.list': { input: empty, output: z.array(jobViewSchema) },
  'jobs.cancel': { input: z.strictObject({ localId: id }), output: jobViewSchema },
  'jobs.retry': { input: z.strictObject({ localId: id, spendConfirmed }), output: jobViewSchema },
  'jobs.dismiss': { input: z.strictObject({ localId: id }), output: nothing },
  /** The whole team's jobs of the last 30 days, newest first, for its admins and owners. */
  'jobs.team': { input: empty, output: z.array(teamJobSchema) },
  'jobs.estimate': {
    input: z.strictObject({ request: requestBody }),
    output: z.object({ credits: z.number(), explanation: z.string() })
  },

  'library.list': {
    input: libraryQuerySchema,
    /** `total` counts matches up to 10,000 past `offset`; beyond, it is that many and `totalIsLowerBound` is true (absent: exact). */
    output: z.object({ entries: z.array(libraryEntrySchema), total: z.number().int(), totalIsLowerBound: z.boolean().optional() })
  },
  /** The models the library holds entries of, each once, sorted: the gallery's model filter offers only these. */
  'library.models': { input: empty, output: z.array(z.string()) },
  ...curationRoutes,
  'library.get': { input: z.strictObject({ jobId: id }), output: libraryEntrySchema },
  'library.remove': { input: z.strictObject({ jobId: id }), output: nothing },
  /** Undoes a remove for a short while after it (the files wait in the trash). */
  'library.restore': { input: z.strictObject({ jobId: id }), output: libraryEntrySchema },
  /** Tries every output waiting to be saved now, instead of at its next backoff. */
  'saving.retryNow': { input: empty, output: nothing },
  /** Moves the live library to another folder: copy, verify every file's hash, then switch. */
  'library.move': {
    input: z.strictObject({ to: z.string().trim().min(1, 'Required').max(4096) }),
    output: z.object({ libraryDir: z.string(), files: z.number().int(), bytes: z.number().int() })
  },
  /** Rebuilds the library's indexes and damaged entries from the files on disk; damaged files are kept aside. */
  'library.repair': { input: empty, output: libraryRepairSchema },
  'library.reveal': { input: z.strictObject({ jobId: id, index: z.number().int().min(0) }), output: nothing },
  /**
   * Copies the pictures of a folder (and its subfolders) into the library with the settings
   * their tools wrote, the originals untouched; answers when it ends (or is cancelled), with
   * `library.importProgress` events meanwhile. One import at a time.
   */
  'library.import': { input: z.strictObject({ dir: z.string().trim().min(1, 'Required').max(4096) }), output: importResultSchema },
  /** Stops the import under way between files; `cancelled` is false when none was running. */
  'library.importCancel': { input: empty, output: z.object({ cancelled: z.boolean() }) },
  ...libraryPictureRoutes,
  /** The desktop app's folder picker, for Import folder…: the folder chosen, or null when the user cancelled. */
  'library.pickImportFolder': { input: empty, output: z.object({ dir: z.string().nullable() }) },

  /** The generation settings a dropped file carries (saved by this app, or A1111 text from other tools). */
  'settings.fromFile': { input: z.strictObject({ file: fileInputSchema }), output: fileSettingsSchema },
  'uploads.create': {
    input: z.strictObject({ file: fileInputSchema, field: safePath.max(100).optional() }),
    output: uploadSchema.extend({ localPath: z.string() })
  },
  /** Uploads a kept input again from its library copy (the service's upload of it expired). */
  'uploads.renew': {
    // Only a kept input (a file directly in the library's inputs folder) goes up again.
    input: z.strictObject({ path: z.string().min(1, 'Required').max(500).regex(/^inputs[\\/][^\\/\0]+$/, 'Must be a kept input (inputs/…)') }),
    output: uploadSchema.extend({ localPath: z.string() })
  },
  /** Uploads a library file again (for a remix after the service's upload expired). */
  'uploads.fromLibrary': {
    input: z.strictObject({ jobId: id, index: z.number().int().min(0) }),
    output: uploadSchema.extend({ localPath: z.string() })
  },
  /**
   * Uploads to the service now connected an input uploaded to another (the other mode, or
   * another account or service), from the copy the library that took it keeps.
   */
  'uploads.carry': {
    input: z.strictObject({ uploadId: z.string().min(1, 'Required').max(200) }),
    output: uploadSchema.extend({ localPath: z.string() })
  },

  /** Every LoRA of the caller, each with the timeline of statuses the app has seen. */
  'loras.list': { input: empty, output: z.array(loraViewSchema) },
  /**
   * Trains a LoRA on files from the page (`images`), outputs of the library (`libraryImages`,
   * read by main), or both: 15..30 images in all.
   */
  'loras.create': {
    input: loraCreateFieldsInput
      .extend({
        images: z.array(fileInputSchema).max(LORA_IMAGES_MAX, `At most ${LORA_IMAGES_MAX} images`).optional(),
        libraryImages: z.array(libraryImageRefSchema).max(LORA_IMAGES_MAX, `At most ${LORA_IMAGES_MAX} images`).optional()
      })
      .superRefine((v, ctx) => {
        const count = (v.images?.length ?? 0) + (v.libraryImages?.length ?? 0)
        if (count < LORA_IMAGES_MIN) ctx.addIssue({ code: 'custom', path: ['images'], message: `At least ${LORA_IMAGES_MIN} images` })
        else if (count > LORA_IMAGES_MAX) ctx.addIssue({ code: 'custom', path: ['images'], message: `At most ${LORA_IMAGES_MAX} images (${count} given)` })
      }),
    output: loraViewSchema
  },
  'loras.rename': {
    input: z.strictObject({ id, name: z.string().trim().min(1, 'Required').max(100).optional(), triggerWord: z.string().max(50).nullable().optional() }),
    output: loraSchema
  },
  'loras.delete': { input: z.strictObject({ id }), output: nothing },

  'assets.create': { input: z.strictObject({ url: z.string().url('Must be an absolute URL').max(2048), type: z.enum(['image', 'video', 'audio']) }), output: z.object({ assetId: z.string() }) },

  'legacy.submit': { input: z.strictObject({ request: requestBody, spendConfirmed }), output: jobViewSchema },
  'legacy.estimate': { input: z.strictObject({ request: requestBody }), output: z.object({ credits: z.number().nullable(), explanation: z.string() }) },

  'webhooks.health': { input: empty, output: webhookHealthSchema },
  /** Calls the webhook URL the service is given, and answers whether the request reached the listener. */
  'webhooks.check': { input: empty, output: webhookCheckSchema },

  /** Credits per day and per model over the last 30 days, refunds and balance included. */
  'spend.summary': { input: z.strictObject({ scope: spendScopeSchema }), output: spendSummarySchema },
  /** The spending limits (set with `settings.update`) and what this app's jobs used of them today and this month. */
  'limits.get': { input: empty, output: spendStandingSchema },

  'shell.openExternal': { input: z.strictObject({ url: z.string().url().max(2048) }), output: nothing },

  /** The app's own updates: what the last check found (desktop only; elsewhere 'unsupported'). */
  'updates.status': { input: empty, output: updateStatusSchema },
  /** Checks the feed now; answers once the check has an answer (a download goes on behind it). */
  'updates.check': { input: empty, output: updateStatusSchema },
  /** Installs the downloaded update and starts the new version (the app quits). */
  'updates.restart': { input: empty, output: nothing }
} as const

export type Routes = typeof routes
export type RouteName = keyof Routes
export type RouteInput<R extends RouteName> = z.input<Routes[R]['input']>
export type RouteOutput<R extends RouteName> = z.output<Routes[R]['output']>

export const ROUTE_NAMES = Object.keys(routes) as RouteName[]

const guardedInputs = new Map<RouteName, z.ZodType>()
/**
 * The schema main parses a route's input with: no forbidden key anywhere in the raw value
 * (checked before parsing, since parsing a record would turn an own `__proto__` key into
 * the copy's prototype), then the route's own schema.
 */
export function routeInputSchema(route: RouteName): z.ZodType {
  let schema = guardedInputs.get(route)
  if (!schema) {
    schema = z.unknown().superRefine(refuseForbiddenKeys).pipe(routes[route].input)
    guardedInputs.set(route, schema)
  }
  return schema
}
export function isRouteName(name: unknown): name is RouteName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(routes, name)
}

export type AppError = z.infer<typeof appErrorSchema>
export type Result<T> = { ok: true; data: T } | { ok: false; error: AppError }

export const events = {
  'job.updated': jobViewSchema,
  'job.removed': z.object({ localId: z.string() }),
  'library.updated': libraryEntrySchema,
  'library.removed': z.object({ jobId: z.string() }),
  'account.updated': z.object({ credits: z.number().nullable() }),
  /** The service's catalog differs from the one `catalog.list` answered (or it could not be reached). */
  'catalog.changed': catalogListSchema,
  'app.changed': appInfoSchema,
  /** How far a library move has got (see library.move). */
  'library.moveProgress': libraryMoveProgressSchema,
  /** How far an import of a folder has got (see library.import). */
  'library.importProgress': importProgressSchema,
  ...libraryPictureEvents,
  /** A command from the application menu (or its keyboard shortcut). */
  'menu.command': z.object({ command: z.enum(['new-generation', 'open-settings', 'open-gallery']) }),
  /**
   * A system notification the page shows itself (the Node host's page, through the
   * browser's Notifications API); the desktop app shows its own and never sends this.
   */
  notification: appNotificationSchema,
  /** The user clicked a notification of the desktop app: the page opens what it was about. */
  'notification.open': notificationTargetSchema,
  notice: noticeSchema,
  /** The app's own update changed state (found, downloaded and ready, refused, …). */
  'update.changed': updateStatusSchema,
  ...curationEvents
} as const satisfies Record<EventName, z.ZodType>
export type Events = typeof events
export type EventPayload<E extends EventName> = z.infer<Events[E]>
export type { EventName }
export type AppEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName]

/** What the preload exposes as `window.api`, and what the HTTP transport implements. */
export interface AppApi {
  invoke<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>
  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void
  startDrag?(path: string): void // Electron only: an OS drag of a library file (relative path)
}
