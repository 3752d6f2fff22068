// The API key under Electron: encrypted with the OS keyring through safeStorage, kept as
// base64 in a store file of its own (`secrets.json`, owner-only). What is encrypted is the
// key with the origins it was given for (bound-key.ts), so the binding cannot be changed
// without the keyring either. The plaintext exists only in memory. Where the OS offers no encryption the key is refused, never written
// in the clear.
import { safeStorage } from 'electron'
import Store from 'electron-store'
import type { KeyProtection, SecretStore } from '../core/settings/storage-ports'
import { decodeStoredKey, encodeStoredKey, UnreadableKeyError, type KeyOrigins, type StoredKey } from '../core/settings/bound-key'
import { tm } from '../core/i18n/main-i18n'

type SecretsFile = { apiKey?: string }

export class EncryptionUnavailableError extends Error {
  constructor() {
    super(tm('main:keyring.unavailable'))
    this.name = 'EncryptionUnavailableError'
  }
}

export class SafeStorageSecretStore implements SecretStore {
  private constructor(
    private readonly store: Store<SecretsFile>,
    private readonly encryption: KeyProtection
  ) {}

  /** Call after the app is ready: before that, safeStorage cannot tell what it has. */
  static async create(): Promise<SafeStorageSecretStore> {
    const store = new Store<SecretsFile>({ name: 'secrets', configFileMode: 0o600, clearInvalidConfig: true })
    return new SafeStorageSecretStore(store, await detectProtection())
  }

  async getApiKey(): Promise<StoredKey | null> {
    const stored = this.store.get('apiKey')
    if (typeof stored !== 'string' || !stored) return null
    if (this.encryption === 'none') return null
    let decrypted: { result: string; shouldReEncrypt: boolean }
    try {
      decrypted = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'))
    } catch {
      // A key written under another OS user or a reset keyring cannot be read back; the
      // app runs as if no key were set and asks the user to enter it again.
      throw new UnreadableKeyError()
    }
    // The keyring rotated its key: store the record again under the new one.
    if (decrypted.shouldReEncrypt) await this.write(decrypted.result)
    return decodeStoredKey(decrypted.result)
  }

  async setApiKey(key: string, origins: KeyOrigins): Promise<void> {
    if (this.encryption === 'none') throw new EncryptionUnavailableError()
    await this.write(encodeStoredKey({ apiKey: key.trim(), origins }))
  }

  async clearApiKey(): Promise<void> {
    this.store.delete('apiKey')
  }

  protection(): KeyProtection {
    return this.encryption
  }

  private async write(record: string): Promise<void> {
    const encrypted = await safeStorage.encryptStringAsync(record)
    this.store.set('apiKey', encrypted.toString('base64'))
  }
}

/**
 * 'keyring' when the OS encrypts for us; 'basic_text' on Linux when Chromium fell back to
 * its built-in password (obfuscation, not protection: the UI says so); 'none' when there
 * is no encryption at all.
 */
async function detectProtection(): Promise<KeyProtection> {
  const available = await safeStorage.isAsyncEncryptionAvailable().catch(() => false)
  if (!available) return 'none'
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return 'basic_text'
  return 'keyring'
}
