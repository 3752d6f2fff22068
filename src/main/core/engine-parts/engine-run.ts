// An engine's time with its data folder: taking the folder, opening its files and the
// parts that write them, the timers, giving the files up when another process takes the
// folder and opening them again when it is back, and closing.
import { join } from 'node:path'
import { isSettledBefore } from '../jobs/job-record'
import { hasWorkLeft, type SavingState } from '../jobs/work-left'
import { repairLibrary, type RepairOptions } from '../library/repair/library-repair'
import { followedNotice, followLibraryMoves, prepareLibraryFolder } from '../library/library-moved'
import { repairNotice, type RepairReport } from '../library/repair/repair-report'
import { UNDO_WINDOW_MS } from '../library/library-trash'
import { IndexDamagedError } from '../library/index/index-db'
import type { ServiceClient } from '../service/service-client'
import { FolderHold } from '../fs/folder-hold'
import { noopEngineLog, openEngineLogOrNone, type EngineLog } from '../log/engine-log'
import { closeServices, openServices, type EngineServices, type ServiceWiring } from './services'
import type { EngineWebhooks } from './webhooks'
import type { EngineOptions } from './engine-options'
import { settle } from './settle'
import { message } from '../i18n/notice-text'

/** A calendar month and a day: this month's jobs are all there for the monthly spending limit. */
const JOURNAL_KEEP_MS = 32 * 24 * 3600_000
const INDEX_REBUILDING = "The library's index is being rebuilt from the files on disk."

type LibraryParts = Pick<EngineServices, 'store' | 'library' | 'collections'>

export interface RunWiring extends Pick<ServiceWiring, 'notice' | 'jobChanged' | 'libraryChanged' | 'onTerminal' | 'pictures'> {
  opts: EngineOptions
  client: ServiceClient
  webhooks: EngineWebhooks
  retentionMs: () => number
  checkForMissingJobs: () => Promise<void>
}

export class EngineRun {
  /** The folder's parts, from the first start on (kept, closed, while the folder is lost). */
  #services: EngineServices | null = null
  #timers: NodeJS.Timeout[] = []
  #closed = false
  #resending: Promise<void> = Promise.resolve()
  #hold: FolderHold | null = null
  /** False while the folder's files are closed: before start, after losing the folder. */
  #writing = false
  #startRepair: RepairReport | null = null
  /** The check of the library at start, running behind the open engine; settles with its report. */
  #startCheck: Promise<RepairReport | null> = Promise.resolve(null)
  #stopCheck = false
  #launchCheck: (() => void) | null = null
  #repairing: Promise<RepairReport> | null = null
  #log: EngineLog = noopEngineLog()
  /** The library's folder: the one asked for, or where the notes of its moves lead. */
  #libraryDir: string

  constructor(private readonly w: RunWiring) {
    this.#libraryDir = w.opts.libraryDir ?? join(w.opts.dataDir, 'library')
  }

  get services(): EngineServices {
    if (!this.#services) throw new Error('The engine has not started')
    return this.#services
  }

  /** The services, or null before the first start. */
  servicesOrNull(): EngineServices | null {
    return this.#services
  }

  get log(): EngineLog {
    return this.#log
  }

  get startRepair(): RepairReport | null {
    return this.#startRepair
  }

  /** Resolves once the check of the library at start has ended, with its report (null if it failed or was cut short by closing). */
  libraryChecked(): Promise<RepairReport | null> {
    return this.#startCheck
  }

  get closed(): boolean {
    return this.#closed
  }

  /** Resolves once the submissions resent at start have had their answer. */
  get resending(): Promise<void> {
    return this.#resending
  }

  async start(): Promise<void> {
    const { opts } = this.w
    await prepareLibraryFolder(this.#libraryDir, opts.libraryMoved ?? false)
    this.#hold = new FolderHold({
      dir: opts.dataDir,
      ...(opts.lockWaitMs !== undefined ? { waitMs: opts.lockWaitMs } : {}),
      ...(opts.lockStaleMs !== undefined ? { staleMs: opts.lockStaleMs } : {}),
      notice: this.w.notice,
      stopWriting: () => this.stopWriting(),
      resumeWriting: () => this.openFiles().then(() => this.resumeWork()).then(() => opts.door?.open())
    })
    await this.#hold.take()
    this.#log = openEngineLogOrNone(opts.dataDir, { redact: () => [opts.apiKey()].filter((k): k is string => !!k) }, (err) => {
      this.w.notice('warning', message('main:engine.logNotOpened', { reason: err.message.replace(/\.+$/, '') }))
    })
    this.#log.info('engine-start', { baseUrl: opts.baseUrl, webhooks: opts.webhooks.mode })
    await this.openFiles()
    await this.w.webhooks.start()
    await this.resumeWork().catch(async (err: unknown) => {
      // Resuming read a damaged page of the index: it is rebuilt from the files, then resumed on.
      if (!(err instanceof IndexDamagedError)) throw err
      await this.services.library.rebuild.ready()
      await this.resumeWork()
    })
    this.every(30_000, () => this.services.submitter.resendPending())
    this.every(UNDO_WINDOW_MS, () => this.services.library.emptyTrash(UNDO_WINDOW_MS))
    this.every(5_000, () => this.services.saver.enterMissing())
    if (opts.rescueEveryMs) this.every(opts.rescueEveryMs, () => this.w.checkForMissingJobs())
    await opts.door?.open()
  }

  /** Why nothing may be written now (another process took the folder), or null. */
  folderLostReason(): string | null {
    return this.#hold?.lostReason() ?? null
  }

  /** The library's folder (after start, where any move of it leads). */
  libraryDir(): string {
    return this.#libraryDir
  }

  /**
   * Follows the notes a library move left, with the folder held: a move made by another
   * process while this one waited for the folder (or had lost it) is seen here, before
   * anything is written. A note that leads nowhere refuses the folder (see library-moved).
   */
  private async followMoves(): Promise<void> {
    const { dir, moves } = await followLibraryMoves(this.#libraryDir)
    for (const move of moves) this.w.notice('info', followedNotice(move))
    this.#libraryDir = dir
  }

  /** Opens the journal, the library and the rest of the folder's files, and the parts that write them. */
  private async openFiles(): Promise<void> {
    const { opts, webhooks } = this.w
    await this.followMoves()
    this.#services = await openServices({
      client: this.w.client,
      retentionMs: this.w.retentionMs,
      notice: this.w.notice,
      jobChanged: this.w.jobChanged,
      libraryChanged: this.w.libraryChanged,
      dataDir: opts.dataDir,
      libraryDir: this.#libraryDir,
      log: () => this.#log,
      concurrentDownloads: opts.concurrentDownloads ?? 4,
      ...(opts.downloadFs ? { downloadFs: opts.downloadFs } : {}),
      ...(opts.polling ? { polling: opts.polling } : {}),
      ...(opts.holdReason ? { holdReason: opts.holdReason } : {}),
      ...(opts.spendLimits ? { spendLimits: opts.spendLimits } : {}),
      refuseReason: () => this.folderLostReason(),
      webhooksOn: () => webhooks.on(),
      webhookFields: () => webhooks.fields(),
      onTerminal: (r) => {
        this.w.onTerminal(r)
        void this.services.saver.handleTerminal(r)
      },
      checkLibrary: (parts) => this.startCheck(parts),
      pictures: { ...this.w.pictures, checked: () => this.#startCheck, userAtWork: () => opts.userAtWork?.() ?? false }
    })
    this.#writing = true
    // Keeps the journal (and start-up) small: settled jobs older than 32 days are dropped.
    const { store } = this.services
    const cutoff = Date.now() - JOURNAL_KEEP_MS
    for (const r of store.all()) if (isSettledBefore(r, cutoff)) await store.remove(r.id)
  }

  /**
   * Checks the job folders changed since the last check, behind the open engine: at a
   * million entries even looking at each folder takes minutes, and the library, the
   * gallery and submitting answer meanwhile. What it finds comes as a notice, as before.
   * An index made at this start (new, or the old one was damaged or missing) knows no
   * entry yet: it is filled before anything reads it, or saving would take every job for
   * one not in the library. A check that cannot write (a full disk) must not keep the
   * engine from saving what waits.
   */
  private async startCheck(parts: LibraryParts): Promise<void> {
    this.#stopCheck = false
    this.#startRepair = null
    const created = parts.library.index.created
    // Behind the engine, it begins once the engine has started, so that the start (and the
    // first page after it) never waits on its own first steps.
    const launched = created ? Promise.resolve() : new Promise<void>((resolve) => (this.#launchCheck = resolve))
    this.#startCheck = launched.then(() => this.runRepair(parts, { onlyChanged: true, stopped: () => this.#stopCheck, ...this.pacing() })).then(
      (report) => (this.#startRepair = this.#stopCheck ? null : report),
      (err: Error) => {
        if (!this.#stopCheck) this.w.notice('warning', message('main:engine.checkFailed', { reason: err.message.replace(/\.+$/, '') }))
        return null
      }
    )
    if (created) await this.#startCheck
  }

  /** The check at start yields to the user; Repair library, asked for by hand, does not. */
  private pacing(): Pick<RepairOptions, 'userAtWork'> {
    const atWork = this.w.opts.userAtWork
    return atWork ? { userAtWork: atWork } : {}
  }

  private launchCheck(): void {
    this.#launchCheck?.()
    this.#launchCheck = null
  }

  /** Saves what waits, tracks what runs, and resends what was never answered. */
  private async resumeWork(): Promise<void> {
    const s = this.services
    await s.saver.resumeAll()
    s.tracker.start()
    s.loras.start()
    // Unanswered submissions go out again in the background: start-up must not wait on
    // the network (the app opens offline too). Rescue waits for them, so it finds them as
    // our own rather than as jobs from elsewhere.
    this.#resending = s.submitter.resendPending().catch(() => undefined)
    setImmediate(() => this.launchCheck())
  }

  /** Closes every writer of the folder's files, so nothing more is written. */
  private async stopWriting(): Promise<void> {
    // The command line's requests stop first: none may reach files being closed.
    await this.w.opts.door?.close()
    if (!this.#writing || !this.#services) return
    this.#writing = false
    this.#stopCheck = true
    this.launchCheck()
    await this.#startCheck
    await closeServices(this.#services)
  }

  /**
   * Rebuilds the library from the files on disk (see library/repair); one notice says what
   * was damaged or recovered. A call while a repair runs gets that repair's report; one
   * while the check at start runs waits for it, then reads every folder.
   */
  repair(): Promise<RepairReport> {
    this.#repairing ??= this.#startCheck.then(() => this.runRepair(this.services, { checkIndex: true })).finally(() => (this.#repairing = null))
    return this.#repairing
  }

  private async runRepair(parts: LibraryParts, scope: Pick<RepairOptions, 'onlyChanged' | 'stopped' | 'userAtWork' | 'checkIndex'>): Promise<RepairReport> {
    const report = await repairLibrary({ ...parts, otherFolders: [this.w.opts.dataDir], ...scope })
    // A rebuild of the index told its own notice.
    const notice = scope.stopped?.() || report.told ? null : repairNotice(report)
    if (notice) this.w.notice('warning', notice)
    return report
  }

  private every(ms: number, fn: () => Promise<unknown>): void {
    // Nothing runs while the folder's files are closed (another process took the folder).
    const t = setInterval(() => void (this.#writing ? fn() : Promise.resolve()).catch(() => undefined), ms)
    t.unref?.()
    this.#timers.push(t)
  }

  private savingState(): SavingState {
    const { saver, library } = this.services
    // While the index is rebuilt from the files it cannot count what waits: the rebuild is work left.
    if (library.rebuild.running) return { busy: true, pendingFiles: 0, waitingLines: [...saver.status.describe(), INDEX_REBUILDING] }
    return { busy: saver.hasWork(), pendingFiles: library.pendingFiles(), waitingLines: saver.status.describe() }
  }

  /** True while anything is left to send, track or save. */
  busy(): boolean {
    return hasWorkLeft(this.services.store.all(), this.savingState())
  }

  /** Resolves when nothing is left to send, track or save; rejects with what is left on timeout. */
  settle(timeoutMs: number): Promise<void> {
    return settle({
      busy: () => this.busy(),
      closed: () => this.#closed,
      jobs: () => this.services.store.all(),
      saving: () => this.savingState(),
      resend: () => (this.#writing ? this.services.submitter.resendPending() : Promise.resolve())
    }, timeoutMs)
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    // Requests the command line handed over end first, with the engine whole (a submit's answer is the truth).
    await this.w.opts.door?.close()
    for (const t of this.#timers) clearInterval(t)
    await this.#hold?.stopRecovering()
    await this.w.webhooks.close()
    await this.stopWriting()
    this.#log.info('engine-stop')
    await this.#log.close()
    await this.#hold?.letGo()
  }
}
