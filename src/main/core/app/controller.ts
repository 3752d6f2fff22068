// The application controller: owns the engine for the current mode (demo or live),
// switches between them when the key changes, turns engine events into contract events,
// and answers every contract route. Electron's IPC router and the Node host both call
// `dispatch`, which validates the input before any handler runs and never throws.
import { join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import { routeInputSchema, isRouteName, type AppEvent, type Result } from '../../../shared/contract'
import { detailsFromZodError, summarizeDetails } from '../../../shared/api'
import type { Me } from '../../../shared/api'
import type { AppInfo, Connection, Settings, SettingsPatch } from '../../../shared/app/settings'
import { Engine, type WebhookMode } from '../engine'
import type { DemoService, PlatformHooks, SecretStore, SettingsStore, StartDemoService } from './ports'
import { AppFailure, toAppError } from './app-errors'
import { createHandlers } from './handlers'
import { CatalogCache } from './catalog-cache'
import { checkOutputsByDefault, eventProblem, outputProblem } from './contract-check'
import { REJECTED_KEY_MESSAGE, verifyAccount } from './connection'
import { checkMoveTarget, copyLibrary } from './library-move'
import { FolderBusyError } from '../fs/folder-lock'
import { legacyBaseUrlOf } from '../../../shared/app/service-url'
import { keyOriginsOf } from '../settings/bound-key'
import { KeyKeeper } from './key-keeper'
import { settingsDamageMessage } from '../settings/settings-damage'

export interface ControllerOptions {
  dataDir: string
  secrets: SecretStore
  settings: SettingsStore
  hooks: PlatformHooks
  version: string
  /** Starts the local stand-in for the service that demo mode runs against. */
  startDemoService: StartDemoService
  /**
   * Check every route result and event against the contract, answering a mismatch with an
   * `internal` error. Default: on unless NODE_ENV is 'production'; a packaged app passes false.
   */
  checkOutputs?: boolean
  /**
   * How long to wait for a data folder another process holds. Given, a folder still held
   * after it fails the start (a command line says so and exits); without it the app waits.
   */
  lockWaitMs?: number
}

type Listener = (e: AppEvent) => void

const BOOT_RETRY_MS = 10_000
const HELD_NOTICES = 20
/** How soon an unreachable or failing service is asked again whether it takes the key. */
const RECHECK_MS = 15_000
const DEMO: Connection = { state: 'demo', message: null }
const NO_BASE_URL = 'No service base URL (the settings file was damaged): enter it in Settings'

export class AppController {
  private engine: Engine | null = null
  private demoService: DemoService | null = null
  private mode: 'demo' | 'live' = 'demo'
  private keys!: KeyKeeper
  private listeners = new Set<Listener>()
  private held: AppEvent[] = []
  private handlers: ReturnType<typeof createHandlers>
  private switching: Promise<void> = Promise.resolve()
  private connection: Connection = DEMO
  /** Set while the key or base URL changes, so nothing goes out with the one on its way out. */
  private changing: string | null = null
  private recheck: NodeJS.Timeout | null = null

  private constructor(private readonly opts: ControllerOptions) {
    this.handlers = createHandlers({
      engine: () => this.requireEngine(),
      info: () => this.info(),
      settings: () => this.opts.settings.get(),
      updateSettings: (patch) => this.updateSettings(patch),
      setKey: (key) => this.setKey(key),
      moveLibrary: (to) => this.moveLibrary(to),
      clearKey: () => this.clearKey(),
      hooks: opts.hooks,
      catalogCache: new CatalogCache(join(opts.dataDir, 'catalog-cache.json')),
      onCredits: (credits) => this.emit({ name: 'account.updated', payload: { credits } }),
      onDismissed: (localId) => this.emit({ name: 'job.removed', payload: { localId } }),
      onLibraryRemoved: (jobId) => this.emit({ name: 'library.removed', payload: { jobId } })
    })
  }

  static async start(opts: ControllerOptions): Promise<AppController> {
    await mkdir(opts.dataDir, { recursive: true })
    const c = new AppController(opts)
    c.keys = await KeyKeeper.load(opts.secrets, opts.settings.get())
    // The window must open even when the engine cannot (a full disk): it says why.
    await c.boot().catch((err: unknown) => {
      if (err instanceof FolderBusyError && opts.lockWaitMs !== undefined) throw err
      c.reportBootFailure(err)
    })
    const damaged = opts.settings.damage?.()
    if (damaged) c.emit({ name: 'notice', payload: { level: 'warning', message: settingsDamageMessage(damaged) } })
    // Nor does it wait for the service: the key is checked in the background.
    void c.checkConnection()
    return c
  }

  /** The key, only while the settings point where it was given (see KeyKeeper). */
  private get key(): string | null {
    return this.keys.keyFor(this.opts.settings.get())
  }

  private requireEngine(): Engine {
    if (!this.engine) throw new AppFailure('internal', 'The engine is restarting; try again in a moment')
    return this.engine
  }

  private webhookMode(s: Settings): WebhookMode {
    if (this.mode === 'demo') return 'local'
    return s.publicWebhookUrl ? 'public' : 'off'
  }

  private async boot(): Promise<void> {
    const s = this.opts.settings.get()
    // A damaged settings file lost the base URL, not the account: with a key stored the app
    // stays on the live library (jobs held) and asks for the URL, never quietly going demo.
    const damaged = this.opts.settings.damage?.() ?? null
    this.mode = (this.key && s.baseUrl) || (damaged && this.keys.hasStored()) ? 'live' : 'demo'
    // Set before the engine starts: it resends what waits at once, and must not take an
    // earlier account's 'connected' for this one's.
    this.connection = this.mode === 'demo' ? DEMO : s.baseUrl ? { state: 'checking', message: 'Checking the key with the service' } : { state: 'failing', message: NO_BASE_URL }
    let baseUrl = s.baseUrl
    let legacyBaseUrl = legacyBaseUrlOf(s)
    let apiKey = this.key
    if (this.mode === 'demo') {
      this.demoService = await this.opts.startDemoService({ dataDir: join(this.opts.dataDir, 'demo', 'service') })
      baseUrl = this.demoService.url
      legacyBaseUrl = this.demoService.legacyUrl
      apiKey = this.demoService.apiKey
    }
    const engine = new Engine({
      dataDir: join(this.opts.dataDir, this.mode),
      baseUrl,
      legacyBaseUrl,
      apiKey: () => apiKey,
      holdReason: () => this.holdReason(),
      libraryDir: this.libraryDir(),
      webhooks: { mode: this.webhookMode(s), ...(s.publicWebhookUrl ? { publicUrl: s.publicWebhookUrl } : {}), port: this.mode === 'live' ? s.webhookPort : 0 },
      retentionMs: () => this.opts.settings.get().cdnRetentionHours * 3600_000,
      concurrentDownloads: s.maxConcurrentDownloads,
      rescueEveryMs: 10 * 60_000,
      ...(this.opts.lockWaitMs !== undefined ? { lockWaitMs: this.opts.lockWaitMs } : {}),
      ...(s.profileOverride && this.mode === 'live' ? { profileOverride: s.profileOverride } : {})
    })
    engine.on('job', (payload) => this.emit({ name: 'job.updated', payload }))
    engine.on('library', (payload) => this.emit({ name: 'library.updated', payload }))
    engine.on('notice', (payload) => {
      // A rejected key is said once, in Settings, not again by every look at the service.
      if (this.connection.state === 'rejected' && payload.message.includes(REJECTED_KEY_MESSAGE)) return
      this.emit({ name: 'notice', payload })
    })
    engine.on('terminal', (r) => {
      this.notifyTerminal(r.status, r.model, r.error)
      this.refreshCredits()
    })
    // Credits change when a job is accepted (reserved) and when it ends (charged or
    // refunded): the balance is re-read whenever an accepted job's status moves, never for
    // progress alone. The window only listens for `account.updated`; it never polls.
    const lastStatus = new Map<string, string | null>()
    engine.on('job', (v) => {
      if (v.submission !== 'accepted' || lastStatus.get(v.localId) === v.status) return
      lastStatus.set(v.localId, v.status)
      this.refreshCredits()
    })
    try {
      await engine.start()
    } catch (err) {
      // Whatever it opened (the folder's lock above all) is released for the next try.
      engine.removeAllListeners()
      await engine.close().catch(() => undefined)
      await this.demoService?.close()
      this.demoService = null
      throw err
    }
    this.engine = engine
    // A live account is looked through once the service has accepted the key.
    if (this.mode === 'demo') void engine.checkForMissingJobs()
  }

  /** Why submissions must wait instead of being sent, or null when they may go. */
  private holdReason(): string | null {
    if (this.changing) return this.changing
    if (this.mode === 'demo' || this.connection.state === 'connected') return null
    return this.connection.message ?? 'The service has not accepted the key yet'
  }

  private setConnection(next: Connection): void {
    const same = next.state === this.connection.state && next.message === this.connection.message
    this.connection = next
    if (!same) this.emit({ name: 'app.changed', payload: this.info() })
  }

  /** The key was accepted: say so, with the balance, and send what was held. */
  private connected(engine: Engine, me: Me): void {
    this.setConnection({ state: 'connected', message: null })
    this.emit({ name: 'account.updated', payload: { credits: me.team?.credits ?? null } })
    void engine.submitter.resendPending()
    void engine.checkForMissingJobs()
  }

  /** Asks the service whether it takes the key, and again later while it cannot be reached. */
  private async checkConnection(): Promise<void> {
    this.clearRecheck()
    const engine = this.engine
    const s = this.opts.settings.get()
    if (!engine || this.mode !== 'live' || !this.key || !s.baseUrl) return
    const r = await verifyAccount({ baseUrl: s.baseUrl, apiKey: this.key, ...(s.profileOverride ? { profileOverride: s.profileOverride } : {}) })
    if (engine !== this.engine) return // switched meanwhile; the new engine checks for itself
    if (r.ok) return this.connected(engine, r.me)
    this.setConnection(r.connection)
    if (r.connection.state === 'rejected') return // only a new key helps
    this.recheck = setTimeout(() => void this.checkConnection(), RECHECK_MS)
    this.recheck.unref?.()
  }

  private clearRecheck(): void {
    if (this.recheck) clearTimeout(this.recheck)
    this.recheck = null
  }

  private creditsTimer: NodeJS.Timeout | null = null

  /** Asks the service for the balance, at most once per burst of job changes. */
  private refreshCredits(): void {
    if (this.creditsTimer) return
    this.creditsTimer = setTimeout(() => {
      this.creditsTimer = null
      const engine = this.engine
      if (!engine) return
      void engine.client.me().then(
        (me) => this.emit({ name: 'account.updated', payload: { credits: me.team?.credits ?? null } }),
        () => undefined
      )
    }, 300)
    this.creditsTimer.unref?.()
  }

  private notifyTerminal(status: string | null, model: string, error: string | null): void {
    if (!this.opts.settings.get().notifications || !this.opts.hooks.notify) return
    if (status === 'COMPLETED') this.opts.hooks.notify('Generation complete', `${model}: saving the outputs to your library`)
    else if (status === 'FAILED') this.opts.hooks.notify('Generation failed', `${model}: ${error ?? 'the service reported a failure'}`)
  }

  private async shutdownEngine(): Promise<void> {
    this.clearRecheck()
    const engine = this.engine
    this.engine = null
    engine?.removeAllListeners()
    await engine?.close()
    await this.demoService?.close()
    this.demoService = null
  }

  /**
   * Restarts the engine (after a key or connection change), one switch at a time. A
   * failed restart (say, a full disk) is reported and retried in the background; it
   * never blocks the next switch, nor the routes that do not need the engine.
   */
  private restart(whileStopped?: () => Promise<void>): Promise<void> {
    const run = this.switching.catch(() => undefined).then(async () => {
      this.clearBootRetry()
      await this.shutdownEngine()
      let failure: unknown = null
      // Work that needs the engine stopped (a library move); the engine starts again
      // either way, on whatever settings that work left.
      if (whileStopped) await whileStopped().catch((err: unknown) => (failure = err))
      try {
        await this.boot()
      } catch (err) {
        this.reportBootFailure(err)
        throw err
      } finally {
        this.emit({ name: 'app.changed', payload: this.info() })
      }
      if (failure) throw failure
    })
    this.switching = run
    return run
  }

  private bootRetry: NodeJS.Timeout | null = null

  private reportBootFailure(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err)
    this.emit({ name: 'notice', payload: { level: 'error', message: `The engine could not start: ${this.redact(message).replace(/\.+$/, '')}. The app tries again in ${BOOT_RETRY_MS / 1000} s.` } })
    this.bootRetry = setTimeout(() => {
      this.bootRetry = null
      void this.restart().then(() => this.checkConnection()).catch(() => undefined)
    }, BOOT_RETRY_MS)
    this.bootRetry.unref?.()
  }

  private clearBootRetry(): void {
    if (this.bootRetry) clearTimeout(this.bootRetry)
    this.bootRetry = null
  }

  info(): AppInfo {
    const s = this.opts.settings.get()
    // A damaged settings file lost the addresses, not the key: the page is shown it is kept.
    const last4 = this.key?.slice(-4) ?? (this.opts.settings.damage?.() ? this.keys.storedLast4() : null)
    return {
      version: this.opts.version,
      mode: this.mode,
      keySet: last4 !== null,
      keyLast4: last4,
      keyProtection: last4 !== null ? this.opts.secrets.protection() : 'none',
      keyNeeded: this.keys.neededMessage(s),
      baseUrl: this.mode === 'demo' ? (this.demoService?.url ?? '') : s.baseUrl,
      libraryDir: this.libraryDir(),
      logFile: this.engine?.log.path ?? null,
      webhooks: this.engine?.webhooksOn() ? (this.mode === 'demo' ? 'local' : 'public') : 'off',
      connection: this.connection,
      platform: this.opts.hooks.platform
    }
  }

  /**
   * Switches to a key only once the service has accepted it: a wrong key is refused
   * here, with one message, and the app stays on the account it had. Jobs waiting to be
   * sent are held meanwhile and go out with the new key once it is in use.
   */
  private async setKey(raw: string): Promise<AppInfo> {
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
      await this.restart()
      this.changing = null
      if (this.engine && this.mode === 'live') this.connected(this.engine, r.me)
      return this.info()
    } finally {
      // A refused key leaves the account as it was: what it held may go again.
      if (this.changing) {
        this.changing = null
        void this.engine?.submitter.resendPending().catch(() => undefined)
      }
    }
  }

  private async clearKey(): Promise<AppInfo> {
    await this.keys.clear()
    await this.restart()
    return this.info()
  }

  private async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const before = this.opts.settings.get()
    const { settings: after, saved } = this.opts.settings.update(patch)
    // Before anything else runs: the key never follows the addresses to another origin.
    const forgetting = this.keys.forgetIfMoved(before, after)
    saved.catch((err: Error) => {
      this.emit({ name: 'notice', payload: { level: 'warning', message: `${err.message.replace(/\.+$/, '')}. They apply until the app is closed.` } })
    })
    const reconnect = ['baseUrl', 'legacyBaseUrl', 'publicWebhookUrl', 'webhookPort', 'profileOverride', 'maxConcurrentDownloads']
      .some((k) => JSON.stringify(before[k as keyof Settings]) !== JSON.stringify(after[k as keyof Settings]))
    if (reconnect) {
      this.changing = 'The connection settings are being changed'
      try {
        const forgotten = await forgetting
        if (forgotten) this.emit({ name: 'notice', payload: { level: 'warning', message: forgotten } })
        await this.restart()
      } finally {
        this.changing = null
      }
      await this.checkConnection()
    }
    return after
  }

  libraryDir(): string {
    const moved = this.mode === 'live' ? this.opts.settings.get().libraryDir : ''
    return moved || join(this.opts.dataDir, this.mode, 'library')
  }

  /**
   * Moves the live library: the engine stops (nothing writes into the library), every
   * file is copied and its hash checked at the new place, and only then does the setting
   * switch. The old folder is left as it was, for the user to delete once they are sure.
   */
  private async moveLibrary(to: string): Promise<{ libraryDir: string; files: number; bytes: number }> {
    if (this.mode !== 'live') throw new AppFailure('conflict', 'The demo library stays in the app’s data folder; connect an account to move your library')
    const from = this.libraryDir()
    const moveTarget = await checkMoveTarget(from, to)
    let copied = { files: 0, bytes: 0 }
    this.changing = 'The library is being moved'
    try {
      await this.restart(async () => {
        copied = await copyLibrary(from, moveTarget, (p) => this.emit({ name: 'library.moveProgress', payload: p }))
        this.opts.settings.update({ libraryDir: moveTarget.target }).saved.catch((err: Error) => {
          this.emit({ name: 'notice', payload: { level: 'warning', message: `The new library folder could not be saved in the settings (${err.message.replace(/\.+$/, '')}); at the next start the app opens the old one, which is still whole.` } })
        })
      })
    } finally {
      this.changing = null
    }
    void this.checkConnection()
    return { libraryDir: this.libraryDir(), ...copied }
  }

  async resolveLibraryFile(relativePath: string): Promise<string | null> {
    return (await this.engine?.library.resolveFile(relativePath)) ?? null
  }

  onEvent(listener: Listener): () => void {
    this.listeners.add(listener)
    for (const e of this.held.splice(0)) listener(e)
    return () => this.listeners.delete(listener)
  }

  private emit(e: AppEvent): void {
    const problem = (this.opts.checkOutputs ?? checkOutputsByDefault()) ? eventProblem(e) : null
    if (problem) {
      // The page would trust the broken payload; it gets the problem as a notice instead.
      this.logContractProblem(problem)
      e = { name: 'notice', payload: { level: 'error', message: problem } }
    }
    // Notices from start-up (a repaired library, damaged settings) wait for the first listener.
    if (this.listeners.size === 0 && e.name === 'notice' && this.held.length < HELD_NOTICES) this.held.push(e)
    for (const l of this.listeners) l(e)
  }

  private logContractProblem(problem: string): void {
    console.error(problem)
    this.engine?.log.error('contract-violation', { problem })
  }

  private redact(text: string): string {
    const keys = [this.key, this.demoService?.apiKey].filter((k): k is string => !!k && k.length >= 8)
    return keys.reduce((t, k) => t.split(k).join('***'), text)
  }

  async dispatch(route: string, rawInput: unknown): Promise<Result<unknown>> {
    if (!isRouteName(route)) return { ok: false, error: { code: 'unknown_route', message: `Unknown route '${String(route).slice(0, 100)}'` } }
    const parsed = routeInputSchema(route).safeParse(rawInput)
    if (!parsed.success) {
      const details = detailsFromZodError(parsed.error)
      return { ok: false, error: { code: 'invalid_input', message: `Invalid input: ${summarizeDetails(details)}`, details } }
    }
    try {
      // A failed switch was reported when it happened; the route runs on what is there.
      await this.switching.catch(() => undefined)
      const handler = this.handlers[route] as (input: unknown) => Promise<unknown>
      const data = await handler(parsed.data)
      const problem = (this.opts.checkOutputs ?? checkOutputsByDefault()) ? outputProblem(route, data) : null
      if (problem) {
        this.logContractProblem(problem)
        return { ok: false, error: { code: 'internal', message: problem } }
      }
      return { ok: true, data }
    } catch (err) {
      return { ok: false, error: toAppError(err, (s) => this.redact(s)) }
    }
  }

  async close(): Promise<void> {
    this.clearBootRetry()
    this.clearRecheck()
    if (this.creditsTimer) clearTimeout(this.creditsTimer)
    await this.switching.catch(() => undefined)
    await this.shutdownEngine()
    this.listeners.clear()
  }
}
