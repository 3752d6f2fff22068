// Builds an engine from the command line's options and the data folder's settings. A
// base URL given once is remembered in the folder; the key never is.
import { join } from 'node:path'
import { FileSettingsStore } from '../core/settings/file-settings-store'
import { Engine, type WebhookMode } from '../core/engine'
import { str, UsageError } from './args'

export function defaultDataDir(): string {
  const home = process.env.HOME ?? process.env.USERPROFILE ?? '.'
  return join(home, '.mediagen-studio')
}

export function engineFromArgs(options: Record<string, string | boolean>, lockWaitMs?: number): Engine {
  const dataDir = str(options, 'data-dir') ?? defaultDataDir()
  const settings = new FileSettingsStore(join(dataDir, 'cli-settings.json'))
  const baseUrl = str(options, 'base-url')
  const legacyBaseUrl = str(options, 'legacy-base-url')
  if (baseUrl || legacyBaseUrl) {
    const { saved } = settings.update({ ...(baseUrl ? { baseUrl } : {}), ...(legacyBaseUrl ? { legacyBaseUrl } : {}) })
    saved.catch((err: Error) => process.stderr.write(`${err.message}; pass --base-url again next time.\n`))
  }
  const s = settings.get()
  if (!s.baseUrl) throw new UsageError('--base-url is required the first time (it is remembered in the data folder)')
  const apiKey = str(options, 'api-key') ?? process.env.MEDIAGEN_API_KEY ?? null
  if (!apiKey) throw new UsageError('An API key is required: --api-key KEY or MEDIAGEN_API_KEY')
  const hooks = str(options, 'webhooks') ?? 'off'
  const mode: WebhookMode = hooks === 'off' ? 'off' : hooks === 'local' ? 'local' : 'public'
  return new Engine({
    dataDir: join(dataDir, 'live'),
    baseUrl: s.baseUrl,
    legacyBaseUrl: s.legacyBaseUrl || `${s.baseUrl.replace(/\/+$/, '')}/legacy`,
    apiKey: () => apiKey,
    webhooks: { mode, ...(mode === 'public' ? { publicUrl: hooks } : {}) },
    retentionMs: () => s.cdnRetentionHours * 3600_000,
    concurrentDownloads: s.maxConcurrentDownloads,
    ...(lockWaitMs !== undefined ? { lockWaitMs } : {})
  })
}
