// The engine: submits, tracks, saves and rescues, wiring the journal, the tracker, the
// webhook listener, the downloads and the library. It runs under plain Node; the Electron
// shell, the Node host and the command line all drive this same object.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { EventEmitter } from 'node:events'
import type { LibraryEntry, JobView } from '../../shared/app/views'
import { JobStore } from './jobs/job-store'
import { isRunning } from '../../shared/app/job-state'
import { isSettledBefore, toJobView, type JobRecord } from './jobs/job-record'
import { describeWorkLeft, hasWorkLeft, type SavingState } from './jobs/work-left'
import { Submitter } from './jobs/submitter'
import { Tracker } from './jobs/tracker'
import { nextPollDelay } from './jobs/poll-schedule'
import { Rescue, type RescueReport } from './jobs/rescue'
import { Library } from './library/library'
import { LibraryCollections } from './library/collections'
import { LoraWatch, listAllLoras } from './loras/lora-watch'
import { Saver } from './library/saver'
import { repairLibrary } from './library/repair/library-repair'
import { repairNotice, type RepairReport } from './library/repair/repair-report'
import { ServiceClient } from './service/service-client'
import { WebhookListener, WEBHOOK_PATH, LEGACY_WEBHOOK_PATH, type WebhookHint } from './webhooks/listener'
import { webhookSecretFor } from './webhooks/signature'
import { loadOrCreateSecret } from './webhooks/legacy-secret'
import { checkWebhookPath } from './webhooks/self-check'
import type { WebhookCheck, WebhookHealth } from '../../shared/app/webhook-health'
import type { ProfileOverride } from '../../shared/api'
import type { DownloadFs } from './downloads/download-fs'
import { FolderHold } from './fs/folder-hold'
import { UNDO_WINDOW_MS } from './library/library-trash'
import { noopEngineLog, openEngineLogOrNone, type EngineLog } from './log/engine-log'

export type WebhookMode = 'off' | 'local' | 'public'

const JOURNAL_KEEP_MS = 30 * 24 * 3600_000

export interface EngineOptions {
  /** Folder of this account's journal and library (the demo's is kept apart). */
  dataDir: string
  baseUrl: string
  legacyBaseUrl: string
  apiKey: () => string | null
  /** Why submissions are held instead of sent (see Submitter), or null. */
  holdReason?: () => string | null
  /** The library's folder, when it was moved out of `<dataDir>/library`. */
  libraryDir?: string
  webhooks: { mode: WebhookMode; publicUrl?: string; port?: number }
  retentionMs?: () => number
  concurrentDownloads?: number
  profileOverride?: ProfileOverride
  /** Rescue at start and then every this many ms (0: only at start). */
  rescueEveryMs?: number
  timeoutMs?: number
  /** How long to wait for another process to release the data folder (default: as long as it takes). */
  lockWaitMs?: number
  /** After how long an unrefreshed folder lock counts as abandoned (tests shorten it). */
  lockStaleMs?: number
  /** File-system calls of the downloads (tests inject failures). */
  downloadFs?: DownloadFs
}

/** settle() ran out of time; the message says what is left and why. */
export class SettleTimeoutError extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.length ? `Timed out with work left to do. ${reasons.join(' ')}` : 'Timed out with work left to do')
  }
}

export interface EngineEvents {
  job: [JobView]
  library: [LibraryEntry]
  terminal: [JobRecord]
  notice: [{ level: 'info' | 'warning' | 'error'; message: string; jobId?: string }]
}

export class Engine extends EventEmitter<EngineEvents> {
  readonly client: ServiceClient
  store!: JobStore
  library!: Library
  collections!: LibraryCollections
  /** LoRAs in training, looked at while the app runs; their timelines survive a restart. */
  loras!: LoraWatch
  saver!: Saver
  tracker!: Tracker
  submitter!: Submitter
  rescue!: Rescue
  private listener: WebhookListener | null = null
  private webhookBase: string | null = null
  private legacySecret = ''
  private timers: NodeJS.Timeout[] = []
  private closed = false
  private resending: Promise<void> = Promise.resolve()
  private rescueFailing = false
  private hold: FolderHold | null = null
  /** False while the folder's files are closed: before start, after losing the folder. */
  private writing = false
  /** What the repair at start found and did. */
  startRepair: RepairReport | null = null
  private repairing: Promise<RepairReport> | null = null
  /** Every retry, fault and decision to mark an output lost, in `<data>/logs/engine.log`. */
  log: EngineLog = noopEngineLog()

  constructor(readonly opts: EngineOptions) {
    super()
    this.client = new ServiceClient({
      baseUrl: opts.baseUrl,
      legacyBaseUrl: opts.legacyBaseUrl,
      apiKey: opts.apiKey,
      ...(opts.profileOverride ? { profileOverride: opts.profileOverride } : {}),
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
      onRetry: (info) => this.log.warn('http-retry', { route: info.route, attempt: info.attempt, delayMs: info.delayMs, status: info.error.status, error: info.error.message })
    })
    this.on('notice', (n) => this.log[n.level === 'info' ? 'info' : 'warn']('notice', { message: n.message, ...(n.jobId ? { jobId: n.jobId } : {}) }))
  }

  retentionMs(): number {
    return this.opts.retentionMs?.() ?? 24 * 3600_000
  }

  webhooksOn(): boolean {
    return this.webhookBase !== null
  }

  async start(): Promise<void> {
    const dir = this.opts.dataDir
    await mkdir(this.opts.libraryDir ?? join(dir, 'library'), { recursive: true })
    this.hold = new FolderHold({
      dir,
      ...(this.opts.lockWaitMs !== undefined ? { waitMs: this.opts.lockWaitMs } : {}),
      ...(this.opts.lockStaleMs !== undefined ? { staleMs: this.opts.lockStaleMs } : {}),
      notice: (level, message) => this.emit('notice', { level, message }),
      stopWriting: () => this.stopWriting(),
      resumeWriting: () => this.openFiles().then(() => this.resumeWork())
    })
    await this.hold.take()
    this.log = this.openLog(dir)
    this.log.info('engine-start', { baseUrl: this.opts.baseUrl, webhooks: this.opts.webhooks.mode })
    await this.openFiles()
    await this.startWebhooks()
    await this.resumeWork()
    this.every(30_000, () => this.submitter.resendPending())
    this.every(UNDO_WINDOW_MS, () => this.library.emptyTrash(UNDO_WINDOW_MS))
    this.every(5_000, () => this.saver.enterMissing())
    if (this.opts.rescueEveryMs) this.every(this.opts.rescueEveryMs, () => this.checkForMissingJobs())
  }

  /** Why nothing may be written now (another process took the folder), or null. */
  folderLostReason(): string | null {
    return this.hold?.lostReason() ?? null
  }

  /** Opens the journal, the library and the rest of the folder's files, and the parts that write them. */
  private async openFiles(): Promise<void> {
    const dir = this.opts.dataDir
    this.store = await JobStore.open(join(dir, 'journal.jsonl'), (message) => this.emit('notice', { level: 'warning', message }))
    const libraryDir = this.opts.libraryDir ?? join(dir, 'library')
    this.library = await Library.open(libraryDir, { onNotice: (level, message) => this.emit('notice', { level, message }) })
    this.collections = await LibraryCollections.open(this.library)
    // A check that cannot write (a full disk) must not keep the engine from saving what waits.
    this.startRepair = await this.repairLibrary({ onlyChanged: true }).catch((err: Error) => {
      this.emit('notice', { level: 'warning', message: `The library could not be checked at start: ${err.message}. It is checked again at the next start, or with Repair library.` })
      return null
    })
    this.loras = await LoraWatch.open(dir, { list: () => listAllLoras(this.client) })
    this.legacySecret = await loadOrCreateSecret(join(dir, 'legacy-webhook-secret'))
    this.saver = new Saver({
      library: this.library,
      store: this.store,
      retentionMs: () => this.retentionMs(),
      concurrency: this.opts.concurrentDownloads ?? 4,
      ...(this.opts.downloadFs ? { fs: this.opts.downloadFs } : {}),
      onNotice: (level, message) => this.emit('notice', { level, message }),
      onEvent: (event, fields) => this.log[event === 'save-lost' ? 'error' : event === 'save-resumed' ? 'info' : 'warn'](event, fields),
      onWaitingChanged: (jobId) => {
        const record = this.store.byServiceId(jobId)
        if (record) this.emit('job', this.jobView(record))
      }
    })
    this.store.onChange((r) => this.emit('job', this.jobView(r)))
    this.library.onChange((e) => this.emit('library', e))
    this.tracker = new Tracker({
      store: this.store,
      client: () => this.client,
      webhooksEnabled: () => this.webhooksOn(),
      onTerminal: (r) => this.onTerminal(r)
    })
    this.submitter = new Submitter({
      store: this.store,
      client: () => this.client,
      webhookFields: () => this.webhookFields(),
      refuseReason: () => this.folderLostReason(),
      ...(this.opts.holdReason ? { holdReason: this.opts.holdReason } : {})
    })
    this.rescue = new Rescue({
      store: this.store,
      client: () => this.client,
      inLibrary: (id) => this.library.has(id) || this.library.isDeleted(id),
      onCompleted: (r) => this.saver.handleTerminal(r),
      onActive: (r) => this.tracker.track(r.id),
      retentionMs: () => this.retentionMs()
    })
    this.store.onChange((r) => {
      // A newly accepted job is first asked about on the normal schedule, not at once:
      // it is QUEUED for a while, and with webhooks the news comes by itself.
      if (isRunning(r)) {
        this.tracker.track(r.id, nextPollDelay({ status: r.status, unchangedPolls: 0, webhooks: this.webhooksOn() }))
      }
    })
    this.writing = true
    await this.pruneJournal()
  }

  /** Saves what waits, tracks what runs, and resends what was never answered. */
  private async resumeWork(): Promise<void> {
    await this.saver.resumeAll()
    this.tracker.start()
    this.loras.start()
    // Unanswered submissions go out again in the background: start-up must not wait on
    // the network (the app opens offline too). Rescue waits for them, so it finds them as
    // our own rather than as jobs from elsewhere.
    this.resending = this.submitter.resendPending().catch(() => undefined)
  }

  /**
   * Closes every writer of the folder's files. Each close takes effect before its first
   * await (downloads are aborted, logs refuse further lines), so nothing more is written.
   */
  private async stopWriting(): Promise<void> {
    if (!this.writing) return
    this.writing = false
    this.tracker.close()
    const closing = [this.saver.close(), this.store.close(), this.collections.close(), this.loras.close(), this.library.close()]
    await Promise.allSettled(closing)
  }

  /**
   * Rebuilds the library from the files on disk (see library/repair); one notice says what
   * was damaged or recovered. A call while a repair runs gets that repair's report. At
   * start only the job folders changed since they were last found whole are read.
   */
  repairLibrary(scope: { onlyChanged?: boolean } = {}): Promise<RepairReport> {
    this.repairing ??= repairLibrary({ library: this.library, collections: this.collections, store: this.store, otherFolders: [this.opts.dataDir], ...scope })
      .then((report) => {
        const message = repairNotice(report)
        if (message) this.emit('notice', { level: 'warning', message })
        return report
      })
      .finally(() => (this.repairing = null))
    return this.repairing
  }

  private openLog(dir: string): EngineLog {
    return openEngineLogOrNone(dir, { redact: () => [this.opts.apiKey()].filter((k): k is string => !!k) }, (err) => {
      this.emit('notice', { level: 'warning', message: `The engine log could not be opened: ${err.message}.` })
    })
  }

  /** Keeps the journal (and start-up) small: settled jobs older than 30 days are dropped. */
  private async pruneJournal(): Promise<void> {
    const cutoff = Date.now() - JOURNAL_KEEP_MS
    for (const r of this.store.all()) if (isSettledBefore(r, cutoff)) await this.store.remove(r.id)
  }

  private every(ms: number, fn: () => Promise<unknown>): void {
    // Nothing runs while the folder's files are closed (another process took the folder).
    const t = setInterval(() => void (this.writing ? fn() : Promise.resolve()).catch(() => undefined), ms)
    t.unref?.()
    this.timers.push(t)
  }

  private async startWebhooks(): Promise<void> {
    const { mode, publicUrl, port } = this.opts.webhooks
    if (mode === 'off') return
    this.listener = new WebhookListener({
      port: port ?? 0,
      secret: () => {
        const key = this.opts.apiKey()
        return key ? webhookSecretFor(key) : null
      },
      legacySecret: () => this.legacySecret,
      onHint: (h) => this.onHint(h)
    })
    const { url } = await this.listener.start()
    this.webhookBase = mode === 'public' && publicUrl ? publicUrl.replace(/\/+$/, '') : url
  }

  webhookHealth(): WebhookHealth {
    const listener = this.listener
    return {
      mode: this.webhookBase ? this.opts.webhooks.mode : 'off',
      url: this.webhookBase,
      received: listener?.received ?? 0,
      rejected: listener?.rejected ?? 0,
      lastDeliveryAt: listener?.lastDeliveryAt ?? null
    }
  }

  /** Calls the webhook URL the service is given and sees whether the listener gets it. */
  checkWebhooks(): Promise<WebhookCheck> {
    return checkWebhookPath(this.listener, this.webhookBase)
  }

  private webhookFields(): { webhookUrl?: string; webhookEvents?: string[] } {
    if (!this.webhookBase) return {}
    // Progress events too: they move the bar on screen as the job runs, at no cost in
    // requests (they arrive; nothing is asked).
    return { webhookUrl: this.webhookBase + WEBHOOK_PATH, webhookEvents: ['progress', 'completed', 'failed'] }
  }

  /** Webhook fields for a legacy request: its URL and the shared secret it will echo. */
  legacyWebhookFields(): { webhook_url?: string; webhook_secret?: string } {
    if (!this.webhookBase) return {}
    return { webhook_url: this.webhookBase + LEGACY_WEBHOOK_PATH, webhook_secret: this.legacySecret }
  }

  private onHint(h: WebhookHint): void {
    const record = this.store.byServiceId(h.jobId)
    if (!record) {
      // A job we have not seen (submitted elsewhere with our webhook URL): rescue finds it.
      if (h.event !== 'progress') void this.rescue.run().catch(() => undefined)
      return
    }
    if (h.event === 'progress' && h.progress !== undefined && !h.legacy) {
      void this.takeProgress(record, h.progress)
      return
    }
    this.tracker.hint(h.jobId)
  }

  // A signed progress event is shown as it comes, without asking the service again: it
  // only moves a bar. The state that matters (the end, the result) is always confirmed
  // with GET /v2/jobs/{id}. Events arrive out of order, so the bar only moves forward.
  private async takeProgress(record: JobRecord, progress: number): Promise<void> {
    if (!isRunning(record) || (record.progress ?? -1) >= progress) return
    await this.store.update(record.id, (r) => (isRunning(r) && (r.progress ?? -1) < progress ? { status: 'PROCESSING', progress } : {})).catch(() => undefined)
  }

  private onTerminal(record: JobRecord): void {
    this.emit('terminal', record)
    void this.saver.handleTerminal(record)
  }

  /** The page's view of a job, with why its outputs are waiting to be saved, if they are. */
  jobView(record: JobRecord): JobView {
    const waiting = record.jobId ? this.saver.waitingFor(record.jobId) : null
    return { ...toJobView(record), saveWaiting: waiting }
  }

  private savingState(): SavingState {
    return { busy: this.saver.hasWork(), pendingFiles: this.library.pendingFiles(), waitingLines: this.saver.status.describe() }
  }

  /** True while anything is left to send, track or save. */
  busy(): boolean {
    return hasWorkLeft(this.store.all(), this.savingState())
  }

  /** Resolves when nothing is left to send, track or save; rejects with what is left on timeout. */
  async settle(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!this.closed) {
      if (!this.busy()) return
      const left = deadline - Date.now()
      if (left <= 0) throw new SettleTimeoutError(describeWorkLeft(this.store.all(), this.savingState()))
      // A plain tick, not the saver's idle(): with a full disk the saver is paused
      // indefinitely, and an idle saver would resolve at once and spin this loop.
      await new Promise((r) => setTimeout(r, Math.min(100, left)))
      const journaled = this.store.all().filter((r) => r.submission === 'journaled')
      if (journaled.length && this.writing) await this.submitter.resendPending()
    }
  }

  async runRescue(): Promise<RescueReport> {
    await this.resending
    return this.rescue.run()
  }

  /**
   * Rescue, telling the user what it found, or why it could not look (once, until a
   * later look succeeds): a scan that fails in silence would leave them believing
   * everything they paid for is on disk.
   */
  async checkForMissingJobs(): Promise<void> {
    let report: RescueReport
    try {
      report = await this.runRescue()
    } catch (err) {
      if (this.closed || this.rescueFailing) return
      this.rescueFailing = true
      const again = this.opts.rescueEveryMs ? ` The app looks again every ${Math.round(this.opts.rescueEveryMs / 60_000)} minutes.` : ''
      this.emit('notice', { level: 'warning', message: `Could not look for finished jobs missing from your library: ${(err as Error).message.replace(/\.+$/, '')}.${again}` })
      return
    }
    const recovered = this.rescueFailing
    this.rescueFailing = false
    if (report.rescued > 0) {
      const elsewhere = report.adopted > 0 ? ` (${report.adopted} started elsewhere)` : ''
      this.emit('notice', { level: 'info', message: `Saving ${plural(report.rescued, 'finished job')} that ${report.rescued === 1 ? 'was' : 'were'} missing from your library${elsewhere}.` })
    } else if (recovered) {
      this.emit('notice', { level: 'info', message: 'Looked for finished jobs again: none are missing from your library.' })
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    for (const t of this.timers) clearInterval(t)
    await this.hold?.stopRecovering()
    await this.listener?.close()
    await this.stopWriting()
    this.log.info('engine-stop')
    await this.log.close()
    await this.hold?.letGo()
  }
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
