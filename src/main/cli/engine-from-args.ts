// Builds an engine from the command line's options and the data folder's settings. A
// base URL given once is remembered in the folder; the key never is.
import { join } from 'node:path'
import { FileSettingsStore } from '../core/settings/file-settings-store'
import { Engine, type WebhookMode } from '../core/engine'
import { str, UsageError } from './args'
import { apiKeyProblem } from '../../shared/app/api-key'
import { INSECURE_URL_MESSAGE, isSecureServiceUrl, legacyBaseUrlOf } from '../../shared/app/service-url'

export function defaultDataDir(): string {
  const home = process.env.HOME ?? process.env.USERPROFILE ?? '.'
  return join(home, '.mediagen-studio')
}

export function engineFromArgs(options: Record<string, string | boolean>, lockWaitMs?: number): Engine {
  const dataDir = str(options, 'data-dir') ?? defaultDataDir()
  const settings = new FileSettingsStore(join(dataDir, 'cli-settings.json'))
  // Everything given is checked before anything is remembered: a refused command changes nothing.
  const apiKey = apiKeyOption(options)
  const baseUrl = serviceUrlOption(options, 'base-url')
  const legacyBaseUrl = serviceUrlOption(options, 'legacy-base-url')
  if (baseUrl || legacyBaseUrl) {
    const { saved } = settings.update({ ...(baseUrl ? { baseUrl } : {}), ...(legacyBaseUrl ? { legacyBaseUrl } : {}) })
    saved.catch((err: Error) => process.stderr.write(`${err.message}; pass --base-url again next time.\n`))
  }
  const s = settings.get()
  if (!s.baseUrl) throw new UsageError('--base-url is required the first time (it is remembered in the data folder)')
  const hooks = str(options, 'webhooks') ?? 'off'
  const mode: WebhookMode = hooks === 'off' ? 'off' : hooks === 'local' ? 'local' : 'public'
  return new Engine({
    dataDir: join(dataDir, 'live'),
    baseUrl: s.baseUrl,
    legacyBaseUrl: legacyBaseUrlOf(s),
    apiKey: () => apiKey,
    webhooks: { mode, ...(mode === 'public' ? { publicUrl: hooks } : {}) },
    retentionMs: () => s.cdnRetentionHours * 3600_000,
    concurrentDownloads: s.maxConcurrentDownloads,
    ...(lockWaitMs !== undefined ? { lockWaitMs } : {})
  })
}

/** A URL the key is sent to, refused (naming the flag) unless https or this computer's own. */
function serviceUrlOption(options: Record<string, string | boolean>, flag: string): string | undefined {
  const url = str(options, flag)
  if (url && !isSecureServiceUrl(url)) throw new UsageError(`--${flag}: ${/^https?:\/\//i.test(url) ? INSECURE_URL_MESSAGE : 'Must be an http(s) URL'}`)
  return url
}

/** The key from --api-key or MEDIAGEN_API_KEY, refused (naming where it came from) unless it is a clean header value. */
function apiKeyOption(options: Record<string, string | boolean>): string {
  const flag = str(options, 'api-key')
  const source = flag !== undefined ? '--api-key' : 'MEDIAGEN_API_KEY'
  const raw = flag ?? process.env.MEDIAGEN_API_KEY
  if (!raw) throw new UsageError('An API key is required: --api-key KEY or MEDIAGEN_API_KEY')
  const problem = apiKeyProblem(raw)
  if (problem) throw new UsageError(`${source}: ${problem}`)
  return raw.trim()
}
