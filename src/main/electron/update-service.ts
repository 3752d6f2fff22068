// The app's updates as the user sees them: one status (checking, downloading, ready to
// install on quit, refused, …) sent to the page whenever it changes, a notice when an
// update is refused (once per refusal, not at every daily check), and quiet when the
// server cannot be reached. electron-updater does the fetching, downloading, checking of
// the file's SHA-512 and installing; the feed's signature is checked by its provider
// (signed-feed-provider.ts) before anything is downloaded.
import type { UpdateCheckResult } from 'electron-updater'
import { AppFailure } from '../../shared/app/app-failure'
import type { UpdateStatus } from '../../shared/app/updates'
import type { AppEvent } from '../../shared/contract'
import type { UpdateControl } from '../core/app/ports'
import type { LogFields } from '../core/log/engine-log'
import { classifyUpdateError, type RefusalReason } from './update-errors'
import { releaseNotesText } from './update-feed'
import { tm } from '../core/i18n/main-i18n'

/** What the updater says, in main's language when it is said. */
const MESSAGES = {
  get notThisInstall() { return tm('main:updater.notThisInstall') },
  get ready() { return tm('main:updater.ready') },
  get unreachable() { return tm('main:updater.unreachable') },
  failed: (detail: string) => tm('main:updater.failed', { detail }),
  get noUpdateReady() { return tm('main:updater.noUpdateReady') },
  refused: {
    get signature() { return tm('main:updater.refusedSignature') },
    checksum: (version: string) => tm('main:updater.refusedChecksum', { version })
  }
}

/** What of electron-updater's updater the service uses. */
export interface UpdaterPort {
  checkForUpdates(): Promise<UpdateCheckResult | null>
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
  on(event: 'error', listener: (err: Error) => void): unknown
  off(event: 'error', listener: (err: Error) => void): unknown
}

export interface UpdateLog {
  info(event: string, fields?: LogFields): void
  warn(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
}

export interface UpdateServiceOptions {
  updater: UpdaterPort
  currentVersion: string
  log: UpdateLog
  /** Closes the engine, so the new version finds the app's folders free when it starts. */
  beforeRestart(): Promise<void>
  /** Quits the app: after a restart whose installer could not be started, with the engine already closed. */
  quit(): void
  now?: () => number
}

type Found = Pick<UpdateStatus, 'version' | 'releaseNotes'>

export class UpdateService implements UpdateControl {
  private current: UpdateStatus
  private running: Promise<UpdateStatus> | null = null
  private answeredAt: number | null = null
  /** Refusals the user was told of in this run, so a daily check does not say it again. */
  private readonly told = new Set<string>()
  private readonly listeners = new Set<(e: AppEvent) => void>()
  private readonly now: () => number

  constructor(private readonly opts: UpdateServiceOptions) {
    this.now = opts.now ?? Date.now
    this.current = { state: 'idle', currentVersion: opts.currentVersion, version: null, releaseNotes: null, message: null, checkedAt: null }
  }

  status(): UpdateStatus {
    return this.current
  }

  /** When a check last got an answer from the feed (for the schedule); null when none has. */
  lastAnsweredAt(): number | null {
    return this.answeredAt
  }

  onEvent(listener: (e: AppEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** One check at a time; while a download is under way there is nothing new to ask. */
  checkNow(): Promise<UpdateStatus> {
    if (this.current.state === 'downloading') return Promise.resolve(this.current)
    this.running ??= this.check().finally(() => (this.running = null))
    return this.running
  }

  async restartToUpdate(): Promise<void> {
    if (this.current.state !== 'ready') throw new AppFailure('conflict', MESSAGES.noUpdateReady)
    this.opts.log.info('update-restart', { version: this.current.version })
    await this.opts.beforeRestart()
    // electron-updater reports an installer that could not be started as an 'error' event
    // during the call, and then does not quit.
    let failure: unknown = null
    const onError = (err: Error) => (failure = err)
    this.opts.updater.on('error', onError)
    try {
      this.opts.updater.quitAndInstall(true, true)
    } catch (err) {
      failure = err
    } finally {
      this.opts.updater.off('error', onError)
    }
    if (failure) {
      this.fail(failure, this.current)
      // The engine is closed: the app cannot go on, and quitting tries the install once more.
      this.opts.quit()
    }
  }

  private async check(): Promise<UpdateStatus> {
    this.set({ state: 'checking', version: null, releaseNotes: null, message: null })
    let result: UpdateCheckResult | null
    try {
      result = await this.opts.updater.checkForUpdates()
    } catch (err) {
      return this.fail(err, null)
    }
    this.answeredAt = this.now()
    const checkedAt = new Date(this.answeredAt).toISOString()
    if (!result) return this.set({ state: 'unsupported', message: MESSAGES.notThisInstall, checkedAt })
    if (!result.isUpdateAvailable) return this.set({ state: 'up-to-date', checkedAt })
    const found: Found = { version: result.updateInfo.version, releaseNotes: releaseNotesText(result.updateInfo.releaseNotes) }
    this.opts.log.info('update-found', { version: found.version })
    // electron-updater downloads it at once (autoDownload), checking the file's SHA-512.
    void (result.downloadPromise ?? Promise.reject(new Error('The update was not downloaded'))).then(
      () => this.downloaded(found),
      (err: unknown) => this.fail(err, found)
    )
    return this.set({ state: 'downloading', ...found, checkedAt })
  }

  private downloaded(found: Found): void {
    this.opts.log.info('update-ready', { version: found.version })
    this.set({ state: 'ready', ...found, message: MESSAGES.ready })
  }

  private fail(err: unknown, found: Found | null): UpdateStatus {
    const failure = classifyUpdateError(err)
    const kept: Partial<Found> = found ? { version: found.version, releaseNotes: found.releaseNotes } : {}
    const fields = { version: found?.version ?? null, detail: failure.detail }
    if (failure.kind === 'unreachable') {
      // Offline is normal for a desktop app: noted in the log, tried again at the next tick.
      this.opts.log.info('update-unreachable', fields)
      return this.set({ state: 'unreachable', ...kept, message: MESSAGES.unreachable })
    }
    if (failure.kind === 'failed') {
      this.opts.log.error('update-failed', fields)
      return this.set({ state: 'failed', ...kept, message: MESSAGES.failed(failure.detail) })
    }
    // The feed answered, with something that is not the publisher's: a day's check is done.
    this.answeredAt = this.now()
    this.opts.log.warn('update-refused', { ...fields, reason: failure.reason })
    const message = this.refusalMessage(failure.reason, found?.version ?? null)
    this.tellOnce(`${failure.reason}:${found?.version ?? ''}`, message)
    return this.set({ state: 'refused', ...kept, message })
  }

  private refusalMessage(reason: RefusalReason, version: string | null): string {
    return reason === 'checksum' && version ? MESSAGES.refused.checksum(version) : MESSAGES.refused.signature
  }

  private tellOnce(key: string, message: string): void {
    if (this.told.has(key)) return
    this.told.add(key)
    this.emit({ name: 'notice', payload: { level: 'error', message } })
  }

  private set(patch: Partial<UpdateStatus>): UpdateStatus {
    this.current = { ...this.current, version: null, releaseNotes: null, message: null, ...patch }
    this.emit({ name: 'update.changed', payload: this.current })
    return this.current
  }

  private emit(e: AppEvent): void {
    for (const listener of this.listeners) listener(e)
  }
}
