// The engine for the current mode: demo (against a local stand-in for the service) or
// live (the user's account), started, stopped, and switched one switch at a time when the
// key, the connection settings or the library's folder change. A failed start is reported
// and tried again in the background; it never blocks the next switch.
import { join, resolve } from 'node:path'
import type { Settings } from '../../../shared/app/settings'
import { legacyBaseUrlOf } from '../../../shared/app/service-url'
import { limitsOf } from '../../../shared/app/spend-limits'
import { Engine, type EngineOptions, type WebhookMode } from '../engine'
import { servingEngine } from '../commands/engine-commands'
import type { HolderCommands } from '../handover/holder-commands'
import { AppFailure } from './app-errors'
import type { AppEvents } from './app-events'
import type { DemoService, StartDemoService } from './ports'
import type { SettingsStore } from '../settings/storage-ports'
import { message } from '../i18n/notice-text'

const BOOT_RETRY_MS = 10_000

/** The key as the engine's side needs it. */
export interface KeyAccess {
  key(): string | null
  hasStoredKey(): boolean
  holdReason(): string | null
  /** Sets the connection a new engine in this mode starts with. */
  resetFor(mode: 'demo' | 'live'): void
  /** Asks the service about the key again (after a start that had failed). */
  check(): Promise<void>
  /** Stops asking: the engine it would ask for is going away. */
  stop(): void
}

export interface EngineSwitchOptions {
  dataDir: string
  settings: SettingsStore
  startDemoService: StartDemoService
  lockWaitMs?: number
  keys: KeyAccess
  events: AppEvents
  /** Turns a new engine's events into the app's. */
  attach(engine: Engine): void
  /** The app's state changed (mode, library, engine): the page is sent it again. */
  changed(): void
  redact(text: string): string
  /** True while the user is using the app (see UserActivity). */
  userAtWork(): boolean
  /**
   * What the live engine does for a command line on the live folder (it serves it while it
   * holds it). The demo engine serves none: the command line only ever addresses `live`.
   */
  commandsFor?: (engine: Engine) => HolderCommands
}

export class EngineSwitch {
  private engine: Engine | null = null
  private demoService: DemoService | null = null
  private current: 'demo' | 'live' = 'demo'
  private switching: Promise<void> = Promise.resolve()
  private bootRetry: NodeJS.Timeout | null = null

  constructor(private readonly opts: EngineSwitchOptions) {}

  /** The running engine, or null (between engines, or when it could not start). */
  running(): Engine | null {
    return this.engine
  }

  /** Resolves once any switch under way is done (a failed one was reported when it failed). */
  idle(): Promise<void> {
    return this.switching.catch(() => undefined)
  }

  /** The running engine once any switch under way is done. */
  async ready(): Promise<Engine> {
    await this.idle()
    if (!this.engine) throw new AppFailure('internal', 'The engine is restarting; try again in a moment')
    return this.engine
  }

  mode(): 'demo' | 'live' {
    return this.current
  }

  demo(): DemoService | null {
    return this.demoService
  }

  /** The library's folder: the running engine's (where any move of it leads), else the one set. */
  libraryDir(): string {
    return this.engine?.libraryDir() ?? this.configuredLibraryDir()
  }

  private configuredLibraryDir(): string {
    return this.libraryDirOf(this.current)
  }

  private libraryDirOf(mode: 'demo' | 'live'): string {
    const moved = mode === 'live' ? this.opts.settings.get().libraryDir : ''
    return moved || join(this.opts.dataDir, mode, 'library')
  }

  /** The data and library folders of the mode not running, whose inputs a draft may still name. */
  otherMode(): { dataDir: string; libraryDir: string } {
    const other = this.current === 'demo' ? 'live' : 'demo'
    return { dataDir: join(this.opts.dataDir, other), libraryDir: this.libraryDirOf(other) }
  }

  /**
   * An engine that followed a move's note (the settings lost the move, or another shell on
   * this data folder made it) opens the new folder; the settings then say so too, so the
   * library is still found once the old folder is deleted. Unsaved, the note still leads there.
   */
  private rememberLibraryDir(engine: Engine): void {
    const opened = engine.libraryDir()
    if (this.current !== 'live' || resolve(opened) === resolve(this.configuredLibraryDir())) return
    this.opts.settings.update({ libraryDir: opened }).saved.catch(() => undefined)
  }

  /** The first start; a failure is reported and tried again, unless `rethrow` says it must fail the start. */
  async start(rethrow: (err: unknown) => boolean): Promise<void> {
    await this.boot().catch((err: unknown) => {
      if (rethrow(err)) throw err
      this.reportBootFailure(err)
    })
  }

  private chooseMode(): void {
    const s = this.opts.settings.get()
    // A damaged settings file lost the base URL, not the account: with a key stored the app
    // stays on the live library (jobs held) and asks for the URL, never quietly going demo.
    const damaged = this.opts.settings.damage?.() ?? null
    this.current = (this.opts.keys.key() && s.baseUrl) || (damaged && this.opts.keys.hasStoredKey()) ? 'live' : 'demo'
    // Set before the engine starts: it resends what waits at once, and must not take an
    // earlier account's 'connected' for this one's.
    this.opts.keys.resetFor(this.current)
  }

  private webhookMode(s: Settings): WebhookMode {
    if (this.current === 'demo') return 'local'
    return s.publicWebhookUrl ? 'public' : 'off'
  }

  private engineOptions(service: { baseUrl: string; legacyBaseUrl: string; apiKey: string | null }): EngineOptions {
    const s = this.opts.settings.get()
    const live = this.current === 'live'
    return {
      dataDir: join(this.opts.dataDir, this.current),
      baseUrl: service.baseUrl,
      legacyBaseUrl: service.legacyBaseUrl,
      apiKey: () => service.apiKey,
      holdReason: () => this.opts.keys.holdReason(),
      libraryDir: this.configuredLibraryDir(),
      libraryMoved: live && !!s.libraryDir,
      webhooks: { mode: this.webhookMode(s), ...(s.publicWebhookUrl ? { publicUrl: s.publicWebhookUrl } : {}), port: live ? s.webhookPort : 0 },
      retentionMs: () => this.opts.settings.get().cdnRetentionHours * 3600_000,
      // Read at each send: a limit changed in Settings holds from the next send on.
      spendLimits: () => limitsOf(this.opts.settings.get()),
      concurrentDownloads: s.maxConcurrentDownloads,
      rescueEveryMs: 10 * 60_000,
      userAtWork: () => this.opts.userAtWork(),
      ...(this.opts.lockWaitMs !== undefined ? { lockWaitMs: this.opts.lockWaitMs } : {}),
      ...(s.profileOverride && live ? { profileOverride: s.profileOverride } : {})
    }
  }

  private async boot(): Promise<void> {
    this.chooseMode()
    const s = this.opts.settings.get()
    let service = { baseUrl: s.baseUrl, legacyBaseUrl: legacyBaseUrlOf(s), apiKey: this.opts.keys.key() }
    if (this.current === 'demo') {
      this.demoService = await this.opts.startDemoService({ dataDir: join(this.opts.dataDir, 'demo', 'service') })
      service = { baseUrl: this.demoService.url, legacyBaseUrl: this.demoService.legacyUrl, apiKey: this.demoService.apiKey }
    }
    const options = this.engineOptions(service)
    const commandsFor = this.current === 'live' ? this.opts.commandsFor : undefined
    const engine = commandsFor ? servingEngine(options, commandsFor) : new Engine(options)
    this.opts.attach(engine)
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
    this.rememberLibraryDir(engine)
    // A live account is looked through once the service has accepted the key.
    if (this.current === 'demo') void engine.checkForMissingJobs()
  }

  private async shutdown(): Promise<void> {
    this.opts.keys.stop()
    const engine = this.engine
    this.engine = null
    engine?.removeAllListeners()
    await engine?.close()
    await this.demoService?.close()
    this.demoService = null
  }

  /**
   * Restarts the engine (after a key or connection change), one switch at a time. Work
   * that needs the engine stopped (a library move) runs in between; the engine starts
   * again either way, on whatever settings that work left.
   */
  restart(whileStopped?: () => Promise<void>): Promise<void> {
    const run = this.switching.catch(() => undefined).then(async () => {
      this.clearBootRetry()
      await this.shutdown()
      let failure: unknown = null
      if (whileStopped) await whileStopped().catch((err: unknown) => (failure = err))
      try {
        await this.boot()
      } catch (err) {
        this.reportBootFailure(err)
        throw err
      } finally {
        this.opts.changed()
      }
      if (failure) throw failure
    })
    this.switching = run
    return run
  }

  private reportBootFailure(err: unknown): void {
    const reason = err instanceof Error ? err.message : String(err)
    this.opts.events.notice('error', message('main:engine.startFailed', { reason: this.opts.redact(reason).replace(/\.+$/, ''), seconds: BOOT_RETRY_MS / 1000 }))
    this.bootRetry = setTimeout(() => {
      this.bootRetry = null
      void this.restart().then(() => this.opts.keys.check()).catch(() => undefined)
    }, BOOT_RETRY_MS)
    this.bootRetry.unref?.()
  }

  private clearBootRetry(): void {
    if (this.bootRetry) clearTimeout(this.bootRetry)
    this.bootRetry = null
  }

  async close(): Promise<void> {
    this.clearBootRetry()
    await this.switching.catch(() => undefined)
    await this.shutdown()
  }
}
