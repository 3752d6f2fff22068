// Where the key and the settings are kept, as the app sees them. Electron keeps the key
// with safeStorage, plain Node in a 0600 file; every shell keeps settings in the same file.
import type { Settings, StoredSettingsPatch } from '../../../shared/app/settings'
import type { KeyOrigins, StoredKey } from './bound-key'
import type { SettingsDamage } from './settings-damage'

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
