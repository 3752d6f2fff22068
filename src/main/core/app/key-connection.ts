// The key and the connection: whether the service takes the key (checked in the
// background, again while it cannot be reached), a new key switched to only once the
// service has accepted it, and settings that change where the app connects. Jobs wait to
// be sent while any of this is unsettled.
import type { Me } from '../../../shared/api'
import type { AppInfo, Connection, Settings, SettingsPatch } from '../../../shared/app/settings'
import type { Engine } from '../engine'
import { keyOriginsOf } from '../settings/bound-key'
import { AppFailure } from './app-errors'
import type { AppEvents } from './app-events'
import { verifyAccount } from './connection'
import type { KeyKeeper } from './key-keeper'
import type { SecretStore, SettingsStore } from '../settings/storage-ports'
import { message } from '../i18n/notice-text'

/** How soon an unreachable or failing service is asked again whether it takes the key. */
const RECHECK_MS = 15_000
const DEMO: Connection = { state: 'demo', message: null }
const NO_BASE_URL = 'No service base URL (the settings file was damaged): enter it in Settings'
const RECONNECT_ON = ['baseUrl', 'legacyBaseUrl', 'publicWebhookUrl', 'webhookPort', 'profileOverride', 'maxConcurrentDownloads'] as const

/** The engine as the key's side sees it: which one runs, in which mode, and a restart. */
export interface EngineAccess {
  current(): Engine | null
  mode(): 'demo' | 'live'
  restart(): Promise<void>
}

export interface KeyConnectionOptions {
  secrets: SecretStore
  settings: SettingsStore
  events: AppEvents
  engines: EngineAccess
  /** The app's state changed (the connection): the page is sent it again. */
  changed(): void
}

export class KeyConnection {
  private connection: Connection = DEMO
  /** Set while the key or base URL changes, so nothing goes out with the one on its way out. */
  private changing: string | null = null
  private recheck: NodeJS.Timeout | null = null

  constructor(
    private readonly opts: KeyConnectionOptions,
    /** The stored key, loaded before the app starts (see KeyKeeper.load). */
    private readonly keys: KeyKeeper
  ) {}

  /** The key, only while the settings point where it was given (see KeyKeeper). */
  key(): string | null {
    return this.keys.keyFor(this.opts.settings.get())
  }

  /** A key is stored, whether or not the settings still point where it was given. */
  hasStoredKey(): boolean {
    return this.keys.hasStored()
  }

  /** The connection a freshly started engine begins with, set before it starts: it resends what waits at once. */
  resetFor(mode: 'demo' | 'live'): void {
    const s = this.opts.settings.get()
    this.connection = mode === 'demo' ? DEMO : s.baseUrl ? { state: 'checking', message: 'Checking the key with the service' } : { state: 'failing', message: NO_BASE_URL }
  }

  state(): Connection {
    return this.connection
  }

  /** Why submissions must wait instead of being sent, or null when they may go. */
  holdReason(): string | null {
    if (this.changing) return this.changing
    if (this.opts.engines.mode() === 'demo' || this.connection.state === 'connected') return null
    return this.connection.message ?? 'The service has not accepted the key yet'
  }

  /** The key's part of the app's state. */
  infoFields(): Pick<AppInfo, 'keySet' | 'keyLast4' | 'keyProtection' | 'keyNeeded' | 'connection'> {
    const s = this.opts.settings.get()
    // A damaged settings file lost the addresses, not the key: the page is shown it is kept.
    const last4 = this.key()?.slice(-4) ?? (this.opts.settings.damage?.() ? this.keys.storedLast4() : null)
    return {
      keySet: last4 !== null,
      keyLast4: last4,
      keyProtection: last4 !== null ? this.opts.secrets.protection() : 'none',
      keyNeeded: this.keys.neededMessage(s),
      connection: this.connection
    }
  }

  /** Runs `work` with submissions held for `reason`. */
  async whileChanging<T>(reason: string, work: () => Promise<T>): Promise<T> {
    this.changing = reason
    try {
      return await work()
    } finally {
      this.changing = null
    }
  }

  private setConnection(next: Connection): void {
    const same = next.state === this.connection.state && next.message === this.connection.message
    this.connection = next
    if (!same) this.opts.changed()
  }

  /** The key was accepted: say so, with the balance, and send what was held. */
  private connected(engine: Engine, me: Me): void {
    this.setConnection({ state: 'connected', message: null })
    this.opts.events.emit({ name: 'account.updated', payload: { credits: me.team?.credits ?? null } })
    void engine.resendPending().catch(() => undefined)
    void engine.checkForMissingJobs()
  }

  /** Asks the service whether it takes the key, and again later while it cannot be reached. */
  async check(): Promise<void> {
    this.stop()
    const engine = this.opts.engines.current()
    const s = this.opts.settings.get()
    const key = this.key()
    if (!engine || this.opts.engines.mode() !== 'live' || !key || !s.baseUrl) return
    const r = await verifyAccount({ baseUrl: s.baseUrl, apiKey: key, ...(s.profileOverride ? { profileOverride: s.profileOverride } : {}) })
    if (engine !== this.opts.engines.current()) return // switched meanwhile; the new engine checks for itself
    if (r.ok) return this.connected(engine, r.me)
    this.setConnection(r.connection)
    if (r.connection.state === 'rejected') return // only a new key helps
    this.recheck = setTimeout(() => void this.check(), RECHECK_MS)
    this.recheck.unref?.()
  }

  /** Stops asking again later. */
  stop(): void {
    if (this.recheck) clearTimeout(this.recheck)
    this.recheck = null
  }

  /**
   * Switches to a key only once the service has accepted it: a wrong key is refused
   * here, with one message, and the app stays on the account it had. Jobs waiting to be
   * sent are held meanwhile and go out with the new key once it is in use.
   */
  async setKey(raw: string): Promise<void> {
    const s = this.opts.settings.get()
    const origins = keyOriginsOf(s)
    if (!origins) {
      throw new AppFailure('invalid_input', 'Enter the service URL before the API key', { baseUrl: ['Required to connect an account'] })
    }
    const key = raw.trim()
    this.changing = 'The API key is being changed'
    try {
      const r = await verifyAccount({ baseUrl: s.baseUrl, apiKey: key, ...(s.profileOverride ? { profileOverride: s.profileOverride } : {}) })
      if (!r.ok) {
        const message = `${r.connection.message ?? 'The key could not be checked'}. The key was not saved.`
        throw new AppFailure(r.connection.state === 'rejected' ? 'auth' : r.connection.state === 'unreachable' ? 'network' : 'service', message, { apiKey: [message] })
      }
      // Bound to where it was just checked: should the addresses have moved meanwhile, the
      // key is not used there.
      await this.keys.set(key, origins)
      await this.opts.engines.restart()
      this.changing = null
      const engine = this.opts.engines.current()
      if (engine && this.opts.engines.mode() === 'live') this.connected(engine, r.me)
    } finally {
      // A refused key leaves the account as it was: what it held may go again.
      if (this.changing) {
        this.changing = null
        void this.opts.engines.current()?.resendPending().catch(() => undefined)
      }
    }
  }

  async clearKey(): Promise<void> {
    await this.keys.clear()
    await this.opts.engines.restart()
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const before = this.opts.settings.get()
    const { settings: after, saved } = this.opts.settings.update(patch)
    // Before anything else runs: the key never follows the addresses to another origin.
    const forgetting = this.keys.forgetIfMoved(before, after)
    saved.catch((err: Error) => this.opts.events.notice('warning', message('main:settings.notSaved', { reason: err.message.replace(/\.+$/, '') })))
    if (RECONNECT_ON.some((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))) {
      await this.whileChanging('The connection settings are being changed', async () => {
        const forgotten = await forgetting
        if (forgotten) this.opts.events.notice('warning', forgotten)
        await this.opts.engines.restart()
      })
      await this.check()
    }
    return after
  }
}
