// Builds an engine from the command line's options and the data folder's settings. A
// base URL given once is remembered in the folder; the key never is. The library is where
// the app or `serve` last moved it (see library-location.ts), and the spending limits are
// the ones the app and `serve` keep (see folder-settings.ts).
import { join } from 'node:path'
import { FileSettingsStore } from '../core/settings/file-settings-store'
import type { Engine, WebhookMode } from '../core/engine'
import { engineCommands, servingEngine } from '../core/commands/engine-commands'
import { settingsPatchSchema } from '../../shared/app/settings'
import { str, UsageError } from './args'
import { accountDirOf, libraryDirOf } from './library-location'
import { INSECURE_URL_MESSAGE, isSecureServiceUrl, legacyBaseUrlOf } from '../../shared/app/service-url'
import { folderLimits, folderSettingsStore } from './folder-settings'

export function defaultDataDir(): string {
  const home = process.env.HOME ?? process.env.USERPROFILE ?? '.'
  return join(home, '.mediagen-studio')
}

export function dataDirFrom(options: Record<string, string | boolean>): string {
  return str(options, 'data-dir') ?? defaultDataDir()
}

const URL_FLAGS = { baseUrl: 'base-url', legacyBaseUrl: 'legacy-base-url', publicWebhookUrl: 'webhooks' } as const

/** Checks the URLs given on the command line, naming the option of the first bad one. */
function checkUrls(urls: { baseUrl?: string; legacyBaseUrl?: string; publicWebhookUrl?: string }): void {
  const parsed = settingsPatchSchema.safeParse(urls)
  if (parsed.success) return
  const issue = parsed.error.issues[0]!
  const flag = URL_FLAGS[issue.path[0] as keyof typeof URL_FLAGS]
  const given = urls[issue.path[0] as keyof typeof urls]
  const expected = flag === 'webhooks' ? 'off, local or a public https URL' : 'an http(s) URL such as http://127.0.0.1:8787'
  throw new UsageError(`--${flag}: must be ${expected} (got '${given}')`)
}

function webhookMode(hooks: string): WebhookMode {
  return hooks === 'off' || hooks === 'local' ? hooks : 'public'
}

/** One line naming the option when a URL given on the command line is not an http(s) URL. */
export function checkUrlOptions(options: Record<string, string | boolean>): void {
  const baseUrl = serviceUrlOption(options, 'base-url')
  const legacyBaseUrl = serviceUrlOption(options, 'legacy-base-url')
  const hooks = str(options, 'webhooks') ?? 'off'
  checkUrls({
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(legacyBaseUrl !== undefined ? { legacyBaseUrl } : {}),
    ...(webhookMode(hooks) === 'public' ? { publicWebhookUrl: hooks } : {})
  })
}

export interface EngineChoices {
  lockWaitMs?: number
  /** Why submissions wait instead of going out (see Submitter), or null. */
  holdReason?: () => string | null
}

/** The command line's own settings file in its data folder: the base URL it was given. */
export function cliSettingsStore(dataDir: string): FileSettingsStore {
  return new FileSettingsStore(join(dataDir, 'cli-settings.json'))
}

export function engineFromArgs(options: Record<string, string | boolean>, apiKey: string, choices: EngineChoices = {}): Engine {
  const dataDir = dataDirFrom(options)
  const settings = cliSettingsStore(dataDir)
  const baseUrl = str(options, 'base-url')
  const legacyBaseUrl = str(options, 'legacy-base-url')
  checkUrlOptions(options)
  const hooks = str(options, 'webhooks') ?? 'off'
  const mode = webhookMode(hooks)
  if (baseUrl || legacyBaseUrl) {
    const { saved } = settings.update({ ...(baseUrl ? { baseUrl } : {}), ...(legacyBaseUrl ? { legacyBaseUrl } : {}) })
    saved.catch((err: Error) => process.stderr.write(`${err.message}; pass --base-url again next time.\n`))
  }
  const s = settings.get()
  const library = libraryDirOf(dataDir)
  if (!s.baseUrl) throw new UsageError('--base-url is required the first time (it is remembered in the data folder)')
  // While it holds the folder, it does the commands other command lines hand to it; limits
  // set through it go into the shared settings file, which its sends read.
  const commandsFor = (engine: Engine) => engineCommands(engine, (set) => folderSettingsStore(dataDir).update(set).saved)
  return servingEngine({
    dataDir: accountDirOf(dataDir),
    libraryDir: library.dir,
    libraryMoved: library.moved,
    baseUrl: s.baseUrl,
    legacyBaseUrl: legacyBaseUrlOf(s),
    apiKey: () => apiKey,
    webhooks: { mode, ...(mode === 'public' ? { publicUrl: hooks } : {}) },
    retentionMs: () => s.cdnRetentionHours * 3600_000,
    concurrentDownloads: s.maxConcurrentDownloads,
    spendLimits: () => folderLimits(dataDir),
    ...(choices.lockWaitMs !== undefined ? { lockWaitMs: choices.lockWaitMs } : {}),
    ...(choices.holdReason ? { holdReason: choices.holdReason } : {})
  }, commandsFor)
}

/** A URL the key is sent to, refused (naming the flag) unless https or this computer's own. */
function serviceUrlOption(options: Record<string, string | boolean>, flag: string): string | undefined {
  const url = str(options, flag)
  if (url && !isSecureServiceUrl(url)) throw new UsageError(`--${flag}: ${/^https?:\/\//i.test(url) ? INSECURE_URL_MESSAGE : `Must be an http(s) URL such as http://127.0.0.1:8787 (got '${url}')`}`)
  return url
}

