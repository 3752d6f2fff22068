// An engine's time with its data folder: taking the folder, opening its files and the
// parts that write them, the timers, giving the files up when another process takes the
// folder and opening them again when it is back, and closing.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { isSettledBefore } from '../jobs/job-record'
import { hasWorkLeft, type SavingState } from '../jobs/work-left'
import { repairLibrary } from '../library/repair/library-repair'
import { repairNotice, type RepairReport } from '../library/repair/repair-report'
import { UNDO_WINDOW_MS } from '../library/library-trash'
import type { ServiceClient } from '../service/service-client'
import { FolderHold } from '../fs/folder-hold'
import { noopEngineLog, openEngineLogOrNone, type EngineLog } from '../log/engine-log'
import { closeServices, openServices, type EngineServices, type ServiceWiring } from './services'
import type { EngineWebhooks } from './webhooks'
import type { EngineOptions } from './engine-options'
import { settle } from './settle'

const JOURNAL_KEEP_MS = 30 * 24 * 3600_000

type LibraryParts = Pick<EngineServices, 'store' | 'library' | 'collections'>

export interface RunWiring extends Pick<ServiceWiring, 'notice' | 'jobChanged' | 'libraryChanged' | 'onTerminal'> {
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
  #repairing: Promise<RepairReport> | null = null
  #log: EngineLog = noopEngineLog()

  constructor(private readonly w: RunWiring) {}

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

  get closed(): boolean {
    return this.#closed
  }

  /** Resolves once the submissions resent at start have had their answer. */
  get resending(): Promise<void> {
    return this.#resending
  }

  async start(): Promise<void> {
    const { opts } = this.w
    await mkdir(this.libraryDir(), { recursive: true })
    this.#hold = new FolderHold({
      dir: opts.dataDir,
      ...(opts.lockWaitMs !== undefined ? { waitMs: opts.lockWaitMs } : {}),
      ...(opts.lockStaleMs !== undefined ? { staleMs: opts.lockStaleMs } : {}),
      notice: this.w.notice,
      stopWriting: () => this.stopWriting(),
      resumeWriting: () => this.openFiles().then(() => this.resumeWork())
    })
    await this.#hold.take()
    this.#log = openEngineLogOrNone(opts.dataDir, { redact: () => [opts.apiKey()].filter((k): k is string => !!k) }, (err) => {
      this.w.notice('warning', `The engine log could not be opened: ${err.message}.`)
    })
    this.#log.info('engine-start', { baseUrl: opts.baseUrl, webhooks: opts.webhooks.mode })
    await this.openFiles()
    await this.w.webhooks.start()
    await this.resumeWork()
    this.every(30_000, () => this.services.submitter.resendPending())
    this.every(UNDO_WINDOW_MS, () => this.services.library.emptyTrash(UNDO_WINDOW_MS))
    this.every(5_000, () => this.services.saver.enterMissing())
    if (opts.rescueEveryMs) this.every(opts.rescueEveryMs, () => this.w.checkForMissingJobs())
  }

  /** Why nothing may be written now (another process took the folder), or null. */
  folderLostReason(): string | null {
    return this.#hold?.lostReason() ?? null
  }

  private libraryDir(): string {
    return this.w.opts.libraryDir ?? join(this.w.opts.dataDir, 'library')
  }

  /** Opens the journal, the library and the rest of the folder's files, and the parts that write them. */
  private async openFiles(): Promise<void> {
    const { opts, webhooks } = this.w
    this.#services = await openServices({
      client: this.w.client,
      retentionMs: this.w.retentionMs,
      notice: this.w.notice,
      jobChanged: this.w.jobChanged,
      libraryChanged: this.w.libraryChanged,
      dataDir: opts.dataDir,
      libraryDir: this.libraryDir(),
      log: () => this.#log,
      concurrentDownloads: opts.concurrentDownloads ?? 4,
      ...(opts.downloadFs ? { downloadFs: opts.downloadFs } : {}),
      ...(opts.holdReason ? { holdReason: opts.holdReason } : {}),
      refuseReason: () => this.folderLostReason(),
      webhooksOn: () => webhooks.on(),
      webhookFields: () => webhooks.fields(),
      onTerminal: (r) => {
        this.w.onTerminal(r)
        void this.services.saver.handleTerminal(r)
      },
      // A check that cannot write (a full disk) must not keep the engine from saving what waits.
      checkLibrary: async (parts) => {
        this.#startRepair = await this.repair(parts, { onlyChanged: true }).catch((err: Error) => {
          this.w.notice('warning', `The library could not be checked at start: ${err.message}. It is checked again at the next start, or with Repair library.`)
          return null
        })
      }
    })
    this.#writing = true
    // Keeps the journal (and start-up) small: settled jobs older than 30 days are dropped.
    const { store } = this.services
    const cutoff = Date.now() - JOURNAL_KEEP_MS
    for (const r of store.all()) if (isSettledBefore(r, cutoff)) await store.remove(r.id)
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
  }

  /** Closes every writer of the folder's files, so nothing more is written. */
  private async stopWriting(): Promise<void> {
    if (!this.#writing || !this.#services) return
    this.#writing = false
    await closeServices(this.#services)
  }

  /**
   * Rebuilds the library from the files on disk (see library/repair); one notice says what
   * was damaged or recovered. A call while a repair runs gets that repair's report. At
   * start only the job folders changed since they were last found whole are read.
   */
  repair(parts: LibraryParts = this.services, scope: { onlyChanged?: boolean } = {}): Promise<RepairReport> {
    this.#repairing ??= repairLibrary({ ...parts, otherFolders: [this.w.opts.dataDir], ...scope })
      .then((report) => {
        const message = repairNotice(report)
        if (message) this.w.notice('warning', message)
        return report
      })
      .finally(() => (this.#repairing = null))
    return this.#repairing
  }

  private every(ms: number, fn: () => Promise<unknown>): void {
    // Nothing runs while the folder's files are closed (another process took the folder).
    const t = setInterval(() => void (this.#writing ? fn() : Promise.resolve()).catch(() => undefined), ms)
    t.unref?.()
    this.#timers.push(t)
  }

  private savingState(): SavingState {
    const { saver, library } = this.services
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
    for (const t of this.#timers) clearInterval(t)
    await this.#hold?.stopRecovering()
    await this.w.webhooks.close()
    await this.stopWriting()
    this.#log.info('engine-stop')
    await this.#log.close()
    await this.#hold?.letGo()
  }
}
