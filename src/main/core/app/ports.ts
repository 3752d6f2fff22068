// What the engine needs from the place it runs in. Electron keeps the key with safeStorage,
// plain Node in a 0600 file; every shell keeps settings in the same file (core/settings).
import type { Settings, StoredSettingsPatch } from '../../../shared/app/settings'
import type { KeyOrigins, StoredKey } from '../settings/bound-key'
import type { SettingsDamage } from '../settings/settings-damage'

export type KeyProtection = 'keyring' | 'basic_text' | 'file' | 'none'

export interface SecretStore {
  /**
   * The API key with the origins it was given for, or null when none is set; throws
   * UnreadableKeyError when what is stored cannot be read. Never log what this returns.
   */
  getApiKey(): Promise<StoredKey | null>
  /** Stores the key bound to the origins it may be sent to. */
  setApiKey(key: string, origins: KeyOrigins): Promise<void>
  clearApiKey(): Promise<void>
  protection(): KeyProtection
}

export interface SettingsUpdate {
  /** The settings now in force. */
  settings: Settings
  /** Settles once they are on disk; rejects with a readable reason if they could not be saved. */
  saved: Promise<void>
}

export interface SettingsStore {
  get(): Settings
  /** Applies a patch at once; saving follows and may fail (see SettingsUpdate). */
  update(patch: StoredSettingsPatch): SettingsUpdate
  /** The stored file could not be read in full at start and was kept aside; null when it was whole. */
  damage?(): SettingsDamage | null
}

/** Things only a desktop shell can do; the Node host leaves them out. */
export interface PlatformHooks {
  platform: 'electron' | 'browser'
  /** Shows a file in the OS file manager. */
  revealFile?(absolutePath: string): void
  /** Opens an http(s) URL in the user's browser. */
  openExternal?(url: string): Promise<void>
  /** An OS notification (job completed or failed). */
  notify?(title: string, body: string): void
}

/**
 * The demo service as the controller uses it in demo mode: a local stand-in for the
 * generation service. The engine never imports one; whoever starts the app hands the
 * controller a way to start it.
 */
export interface DemoService {
  /** Base URL of its API. */
  url: string
  /** Base URL of its legacy video endpoint. */
  legacyUrl: string
  apiKey: string
  close(): Promise<void>
}

export interface DemoServiceOptions {
  /** Where it keeps its state and files across restarts. */
  dataDir: string
}

export type StartDemoService = (options: DemoServiceOptions) => Promise<DemoService>
