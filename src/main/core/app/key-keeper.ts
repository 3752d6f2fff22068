// The controller's hold on the API key. The key is handed out only while the settings
// point at the origins it was given for: a base URL or legacy URL changed to another
// origin, by the page or in the settings file while the app was closed, never receives
// it. When the addresses move away from the key, it is forgotten (in memory at once, then
// in the secret store) and the page is told a key is needed for the new address.
import type { Settings } from '../../../shared/app/settings'
import { keyOriginsOf, sameOrigins, UnreadableKeyError, type KeyOrigins, type StoredKey } from '../settings/bound-key'
import type { SecretStore } from '../settings/storage-ports'

type ServiceAddresses = Pick<Settings, 'baseUrl' | 'legacyBaseUrl'>

export class KeyKeeper {
  /** Why the user must enter the key again, after it was forgotten; null otherwise. */
  private forgotten: string | null = null

  private constructor(
    private readonly secrets: SecretStore,
    private stored: StoredKey | null
  ) {}

  static async load(secrets: SecretStore, settings: ServiceAddresses): Promise<KeyKeeper> {
    let stored: StoredKey | null
    try {
      stored = await secrets.getApiKey()
    } catch (err) {
      if (!(err instanceof UnreadableKeyError)) throw err
      // The app starts without a key and says why one is needed.
      const keeper = new KeyKeeper(secrets, null)
      keeper.forgotten = err.message
      return keeper
    }
    const origins = keyOriginsOf(settings)
    if (stored && !stored.origins && origins) {
      // A key saved before keys were bound was last used with these addresses: it is
      // bound to them now, and stays bound if they change.
      stored = { apiKey: stored.apiKey, origins }
      await secrets.setApiKey(stored.apiKey, origins).catch(() => undefined)
    }
    return new KeyKeeper(secrets, stored)
  }

  /** The key, only while these settings send it where it was given. */
  keyFor(s: ServiceAddresses): string | null {
    const stored = this.stored
    return stored && sameOrigins(stored.origins, keyOriginsOf(s)) ? stored.apiKey : null
  }

  /** Whether a key is stored at all, wherever it may be sent. */
  hasStored(): boolean {
    return this.stored !== null
  }

  /** The stored key's last four characters, to show that it is kept; never the key. */
  storedLast4(): string | null {
    return this.stored ? this.stored.apiKey.slice(-4) : null
  }

  async set(apiKey: string, origins: KeyOrigins): Promise<void> {
    await this.secrets.setApiKey(apiKey, origins)
    this.stored = { apiKey, origins }
    this.forgotten = null
  }

  async clear(): Promise<void> {
    await this.secrets.clearApiKey()
    this.stored = null
    this.forgotten = null
  }

  /**
   * Forgets the key when a settings change sends it to another origin, and says why; null
   * when the key stays. It is dropped from memory before this returns its promise, so
   * nothing started afterwards can use it.
   */
  forgetIfMoved(before: ServiceAddresses, after: ServiceAddresses): Promise<string | null> {
    const stored = this.stored
    if (!stored?.origins || this.keyFor(before) === null || this.keyFor(after) !== null) return Promise.resolve(null)
    this.stored = null
    this.forgotten = movedMessage(stored.origins, keyOriginsOf(after))
    // Should the store fail to delete it, the record left there is bound to the old
    // origins and is never sent anywhere else.
    return this.secrets.clearApiKey().then(
      () => this.forgotten,
      () => this.forgotten
    )
  }

  /** Why a key must be entered for the addresses in these settings; null when none is missing. */
  neededMessage(s: ServiceAddresses): string | null {
    if (this.keyFor(s) !== null) return null
    if (this.forgotten) return this.forgotten
    const stored = this.stored
    if (!stored) return null
    const now = keyOriginsOf(s)
    if (!stored.origins) {
      // Saved by an earlier version next to an address these rules no longer take (plain
      // http to another computer), which the settings dropped.
      return now ? `Enter the API key again for ${now.service}` : 'The saved API key is not used until the service URL is set again (https://, or http:// only for this computer); then enter the key again'
    }
    if (!now) return null
    return `The saved API key was given for ${describe(stored.origins)} and is not sent to ${describe(now)}. Enter the key for ${now.service}, or set the address back`
  }
}

function describe(o: KeyOrigins): string {
  return o.legacy === o.service ? o.service : `${o.service} (legacy ${o.legacy})`
}

function movedMessage(from: KeyOrigins, to: KeyOrigins | null): string {
  if (!to) return `The service URL was cleared, so the API key given for ${describe(from)} was forgotten. Enter the URL, then the key`
  const which = from.service !== to.service ? `The service URL now points to ${to.service}` : `The legacy URL now points to ${to.legacy}`
  return `${which}, so the API key given for ${describe(from)} was forgotten. Enter the key for the new address`
}
