// The application controller: puts together the key and the connection (KeyConnection),
// the engine for the current mode (EngineSwitch), the library move, and the routes, and
// answers every contract route through `dispatch`, which validates the input before any
// handler runs and never throws. Electron's IPC router and the Node host both call it.
import { join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import type { AppEvent, Result } from '../../../shared/contract'
import type { AppInfo } from '../../../shared/app/settings'
import type { PlatformHooks, StartDemoService } from './ports'
import type { SecretStore, SettingsStore } from '../settings/storage-ports'
import { CatalogCache } from './catalog-cache'
import { checkOutputsByDefault } from './contract-check'
import { FolderBusyError } from '../fs/folder-lock'
import { settingsDamageMessage } from '../settings/settings-damage'
import { AppEvents } from './app-events'
import { createDispatch, type Dispatch } from './dispatch'
import { createRouteTable } from './route-table'
import { KeyConnection } from './key-connection'
import { KeyKeeper } from './key-keeper'
import { EngineSwitch } from './engine-switch'
import { UserActivity } from './user-activity'
import { moveLibrary, type LibraryCopy } from './library-move'
import { attachEngineEvents, CreditsRefresh } from './engine-events'
import { AppNotifications } from './notifications/app-notifications'
import { SendLimiter } from './send-limiter'
import { appHolderCommands } from './app-holder-commands'
import { CollectionCounts } from './collection-counts'
import { setMainLanguage } from '../i18n/main-i18n'
import { systemLanguagesFromEnv } from '../i18n/system-languages'

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
  /** The copy step of a library move (tests hold a move midway through it). */
  libraryCopy?: LibraryCopy
  /**
   * The system's languages, most wanted first, for the `language` setting's 'system'
   * (Electron asks the OS; the default reads the locale variables and Intl).
   */
  systemLanguages?: readonly string[]
}

export class AppController {
  private readonly events: AppEvents
  private readonly engines: EngineSwitch
  private readonly credits: CreditsRefresh
  private readonly keys: KeyConnection
  private readonly dispatcher: Dispatch
  /** System notifications and the taskbar's progress, decided here for every shell. */
  private readonly notifications: AppNotifications
  /** Noted on every request from the page; the engine's background work rests while it is recent. */
  private readonly activity = new UserActivity()
  /** One count of the jobs sent, by the page's routes and by command lines handing theirs over. */
  private readonly sends = new SendLimiter()
  /** Tells the page when smart collections' counts may have changed. */
  private readonly counts: CollectionCounts

  private constructor(
    private readonly opts: ControllerOptions,
    keeper: KeyKeeper
  ) {
    const checkOutputs = opts.checkOutputs ?? checkOutputsByDefault()
    this.events = new AppEvents(checkOutputs, (problem) => this.logContractProblem(problem))
    this.notifications = new AppNotifications({
      notify: opts.hooks.notify?.bind(opts.hooks),
      toPage: (payload) => this.events.emit({ name: 'notification', payload }),
      windowFocused: opts.hooks.windowFocused?.bind(opts.hooks),
      showProgress: opts.hooks.showProgress?.bind(opts.hooks),
      settings: () => opts.settings.get(),
      thumbnailOf: (jobId) => this.engines.running()?.getEntry(jobId)?.files[0]?.thumbnail ?? null
    })
    this.keys = new KeyConnection({
      secrets: opts.secrets,
      settings: opts.settings,
      events: this.events,
      engines: { current: () => this.engines.running(), mode: () => this.engines.mode(), restart: () => this.engines.restart() },
      changed: () => this.changed()
    }, keeper)
    this.credits = new CreditsRefresh(() => this.engines.running(), this.events)
    this.counts = new CollectionCounts(this.events)
    this.engines = new EngineSwitch({
      dataDir: opts.dataDir,
      settings: opts.settings,
      startDemoService: opts.startDemoService,
      ...(opts.lockWaitMs !== undefined ? { lockWaitMs: opts.lockWaitMs } : {}),
      keys: {
        key: () => this.keys.key(),
        hasStoredKey: () => this.keys.hasStoredKey(),
        holdReason: () => this.keys.holdReason(),
        resetFor: (mode) => this.keys.resetFor(mode),
        check: () => this.keys.check(),
        stop: () => this.keys.stop()
      },
      events: this.events,
      attach: (engine) => {
        this.notifications.engineReplaced()
        attachEngineEvents(engine, {
          events: this.events,
          connection: () => this.keys.state(),
          refreshCredits: () => this.credits.request(),
          jobChanged: (view) => this.notifications.jobChanged(view)
        })
        engine.on('library', () => this.counts.changed())
        this.counts.changed()
      },
      changed: () => this.changed(),
      redact: (text) => this.redact(text),
      userAtWork: () => this.activity.atWork(),
      // Limits a command line sets go into the settings the page's own go to (and every send reads), saved before it is answered.
      commandsFor: (engine) => appHolderCommands(engine, this.sends, (set) => opts.settings.update(set).saved)
    })
    this.dispatcher = createDispatch({
      table: this.routeTable(),
      checkOutputs,
      redact: (text) => this.redact(text),
      logProblem: (problem) => this.logContractProblem(problem)
    })
  }

  private routeTable() {
    return createRouteTable({
      engine: () => this.engines.ready(),
      info: () => this.info(),
      settings: () => this.opts.settings.get(),
      // What changes the connection or the library starts after any switch under way, one at a time.
      updateSettings: async (patch) => {
        await this.engines.idle()
        const after = await this.keys.updateSettings(patch)
        // The menu, the notices and the notifications follow at once.
        if (patch.language !== undefined) await this.applyLanguage()
        return after
      },
      setKey: async (key) => {
        await this.engines.idle()
        await this.keys.setKey(key)
        return this.info()
      },
      clearKey: async () => {
        await this.engines.idle()
        await this.keys.clearKey()
        return this.info()
      },
      moveLibrary: async (to) => {
        await this.engines.idle()
        return this.moveLibrary(to)
      },
      otherMode: () => this.engines.otherMode(),
      hooks: this.opts.hooks,
      catalogCache: new CatalogCache(join(this.opts.dataDir, 'catalog-cache.json')),
      onCredits: (credits) => this.events.emit({ name: 'account.updated', payload: { credits } }),
      onCatalogChanged: (list) => this.events.emit({ name: 'catalog.changed', payload: list }),
      onDismissed: (localId) => {
        this.notifications.jobRemoved(localId)
        this.events.emit({ name: 'job.removed', payload: { localId } })
      },
      beginSend: (total) => this.notifications.beginSend(total),
      onLibraryRemoved: (jobId) => {
        this.events.emit({ name: 'library.removed', payload: { jobId } })
        this.counts.changed()
      },
      redact: (text) => this.redact(text),
      onImportProgress: (payload) => this.events.emit({ name: 'library.importProgress', payload })
    }, this.sends)
  }

  static async start(opts: ControllerOptions): Promise<AppController> {
    await mkdir(opts.dataDir, { recursive: true })
    const c = new AppController(opts, await KeyKeeper.load(opts.secrets, opts.settings.get()))
    // Before anything is said: the engine's first notices are in the user's language.
    await c.applyLanguage()
    // The window must open even when the engine cannot (a full disk): it says why.
    await c.engines.start((err) => err instanceof FolderBusyError && opts.lockWaitMs !== undefined)
    const damaged = opts.settings.damage?.()
    if (damaged) c.events.notice('warning', settingsDamageMessage(damaged))
    // Nor does it wait for the service: the key is checked in the background.
    void c.keys.check()
    return c
  }

  private applyLanguage(): Promise<unknown> {
    return setMainLanguage(this.opts.settings.get().language, this.opts.systemLanguages ?? systemLanguagesFromEnv(process.env))
  }

  private changed(): void {
    const info = this.info()
    this.notifications.connectionChanged(info.connection.state)
    this.events.emit({ name: 'app.changed', payload: info })
  }

  private moveLibrary(to: string): Promise<{ libraryDir: string; files: number; bytes: number }> {
    return moveLibrary({
      settings: this.opts.settings,
      events: this.events,
      accountDir: join(this.opts.dataDir, 'live'),
      engines: this.engines,
      whileChanging: (reason, work) => this.keys.whileChanging(reason, work),
      reconnect: () => void this.keys.check(),
      ...(this.opts.libraryCopy ? { copy: this.opts.libraryCopy } : {})
    }, to)
  }

  info(): AppInfo {
    const mode = this.engines.mode()
    const engine = this.engines.running()
    return {
      version: this.opts.version,
      mode,
      ...this.keys.infoFields(),
      baseUrl: mode === 'demo' ? (this.engines.demo()?.url ?? '') : this.opts.settings.get().baseUrl,
      libraryDir: this.engines.libraryDir(),
      logFile: engine?.log.path ?? null,
      webhooks: engine?.webhooksOn() ? (mode === 'demo' ? 'local' : 'public') : 'off',
      platform: this.opts.hooks.platform
    }
  }

  libraryDir(): string {
    return this.engines.libraryDir()
  }

  async resolveLibraryFile(relativePath: string): Promise<string | null> {
    this.activity.note()
    return (await this.engines.running()?.resolveLibraryFile(relativePath)) ?? null
  }

  /** Answers a contract route; never throws. */
  dispatch(route: string, rawInput: unknown): Promise<Result<unknown>> {
    this.activity.note()
    return this.dispatcher(route, rawInput)
  }

  onEvent(listener: (e: AppEvent) => void): () => void {
    return this.events.on(listener)
  }

  private logContractProblem(problem: string): void {
    console.error(problem)
    this.engines.running()?.log.error('contract-violation', { problem })
  }

  private redact(text: string): string {
    const keys = [this.keys.key(), this.engines.demo()?.apiKey].filter((k): k is string => !!k && k.length >= 8)
    return keys.reduce((t, k) => t.split(k).join('***'), text)
  }

  async close(): Promise<void> {
    this.keys.stop()
    this.credits.stop()
    this.counts.stop()
    this.notifications.stop()
    await this.engines.close()
    this.events.clear()
  }
}
