// The API key under plain Node: a file only the user can read (0600), written crash-
// safely, holding the key with the origins it was given for (bound-key.ts). The key is
// never logged and never part of an error or an event.
import { chmod, open, readFile, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { fsyncDir } from '../fs/atomic-write'
import type { KeyProtection, SecretStore } from './storage-ports'
import { decodeStoredKey, encodeStoredKey, type KeyOrigins, type StoredKey } from './bound-key'

export class FileSecretStore implements SecretStore {
  constructor(private readonly filePath: string) {}

  static inDir(dir: string): FileSecretStore {
    return new FileSecretStore(join(dir, 'secrets', 'api-key'))
  }

  /** Throws UnreadableKeyError when the file holds something that is not a key. */
  async getApiKey(): Promise<StoredKey | null> {
    let text: string
    try {
      text = await readFile(this.filePath, 'utf8')
    } catch {
      return null
    }
    return decodeStoredKey(text)
  }

  async setApiKey(key: string, origins: KeyOrigins): Promise<void> {
    const dir = dirname(this.filePath)
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const temp = join(dir, `.api-key.${randomBytes(6).toString('hex')}.tmp`)
    // Created 0600 from the first byte: the key is never readable by others, even briefly.
    const fh = await open(temp, 'wx', 0o600)
    try {
      await fh.writeFile(encodeStoredKey({ apiKey: key.trim(), origins }), 'utf8')
      await fh.sync()
    } finally {
      await fh.close()
    }
    await rename(temp, this.filePath)
    await chmod(this.filePath, 0o600).catch(() => undefined)
    await fsyncDir(dir)
  }

  async clearApiKey(): Promise<void> {
    await rm(this.filePath, { force: true })
  }

  protection(): KeyProtection {
    return 'file'
  }
}
