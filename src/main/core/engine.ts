// The engine: submits, tracks, saves and rescues, wiring the journal, the tracker, the
// webhook listener, the downloads and the library. It runs under plain Node; the Electron
// shell, the Node host and the command line all drive this same object, through its
// methods only: the parts that own the folder's files stay inside (see engine-parts/).
import { EventEmitter } from 'node:events'
import type { LibraryEntry, JobView, LibraryInput } from '../../shared/app/views'
import type { LibraryQuery } from '../../shared/app/library-query'
import type { AssetRequest, Catalog, JobList, JobListQuery, Lora, LoraPatch, Me, Upload } from '../../shared/api'
import type { LoraView, LibraryImageRef } from '../../shared/app/lora-timeline'
import type { JobRecord } from './jobs/job-record'
import type { RescueReport } from './jobs/rescue'
import { submitLegacyJob } from './jobs/legacy-jobs'
import type { RepairReport } from './library/repair/repair-report'
import type { LibraryPage } from './library/index/library-index'
import type { Board } from './library/collections'
import type { Curation } from './library/curation'
import type { LibraryPictures } from './library/pictures/library-pictures'
import { ServiceClient, type MultipartFile } from './service/service-client'
import type { WebhookCheck, WebhookHealth } from '../../shared/app/webhook-health'
import type { EngineLog } from './log/engine-log'
import { jobViewOf, type EngineServices } from './engine-parts/services'
import { EngineWebhooks } from './engine-parts/webhooks'
import { EngineRun } from './engine-parts/engine-run'
import type { EngineEvents, EngineOptions } from './engine-parts/engine-options'
import { cancelJob, dismissJob, readKeptFile, retryJob } from './engine-parts/job-actions'
import { MissingJobsCheck } from './engine-parts/missing-jobs'
import { keepInput, type CheckedFile } from './library/library-inputs'
import { readLibraryImages, type TrainingImage } from './loras/library-images'
import type { ImportOptions } from './import/import-folder'
import type { ImportResult } from '../../shared/app/library-import'
import { EngineImports } from './engine-parts/imports'
import type { SpendChoice, SpendGuard } from './jobs/spend-guard'
import { noticePayload } from './i18n/notice-text'

export { SettleTimeoutError } from './engine-parts/settle'
export type { WebhookMode } from './engine-parts/webhooks'
export type { EngineEvents, EngineOptions } from './engine-parts/engine-options'

export class Engine extends EventEmitter<EngineEvents> {
  /** The service's API as this engine calls it (tests watch its calls); the app goes through the methods below. */
  readonly client: ServiceClient
  readonly #run: EngineRun
  readonly #webhooks: EngineWebhooks
  readonly #missing: MissingJobsCheck
  readonly #imports = new EngineImports()

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
    this.#webhooks = new EngineWebhooks(opts.webhooks, opts.apiKey, () => this.#run.servicesOrNull())
    this.#missing = new MissingJobsCheck({
      rescue: () => this.runRescue(),
      notice: (level, text, cause) => this.emit('notice', { ...noticePayload(level, text), ...(cause ? { cause } : {}) }),
      closed: () => this.#run.closed,
      everyMs: opts.rescueEveryMs ?? 0
    })
    this.#run = new EngineRun({
      opts,
      client: this.client,
      webhooks: this.#webhooks,
      retentionMs: () => this.retentionMs(),
      checkForMissingJobs: () => this.checkForMissingJobs(),
      notice: (level, text) => this.emit('notice', noticePayload(level, text)),
      jobChanged: (view) => this.emit('job', view),
      libraryChanged: (entry) => this.emit('library', entry),
      pictures: { progress: (p) => this.emit('pictures', p) },
      onTerminal: (r) => this.emit('terminal', r)
    })
    this.on('notice', (n) => this.log[n.level === 'info' ? 'info' : 'warn']('notice', { message: n.message, ...(n.key ? { key: n.key } : {}), ...(n.jobId ? { jobId: n.jobId } : {}) }))
  }

  private get s(): EngineServices {
    return this.#run.services
  }
  /** Every retry, fault and decision to mark an output lost, in `<data>/logs/engine.log`. */
  get log(): EngineLog {
    return this.#run.log
  }
  /** What the check at start found and did, once it has ended (it runs behind the started engine). */
  get startRepair(): RepairReport | null {
    return this.#run.startRepair
  }
  /** Resolves when the check of the library at start has ended, with its report (null if it failed or the engine closed first). */
  libraryChecked(): Promise<RepairReport | null> {
    return this.#run.libraryChecked()
  }
  /** The library's folder: after start, where the notes of any move of it lead. */
  libraryDir(): string {
    return this.#run.libraryDir()
  }
  retentionMs(): number {
    return this.opts.retentionMs?.() ?? 24 * 3600_000
  }
  webhooksOn(): boolean {
    return this.#webhooks.on()
  }
  /** Takes the data folder, opens its files and starts sending, tracking and saving. */
  start(): Promise<void> {
    return this.#run.start()
  }
  async close(): Promise<void> {
    await this.#imports.stopAll()
    return this.#run.close()
  }
  /** Why nothing may be written now (another process took the folder), or null. */
  folderLostReason(): string | null {
    return this.#run.folderLostReason()
  }
  /**
   * Rebuilds the library from the files on disk (see library/repair); one notice says what
   * was damaged or recovered. A call while a repair runs gets that repair's report.
   */
  repairLibrary(): Promise<RepairReport> {
    return this.#run.repair()
  }
  webhookHealth(): WebhookHealth {
    return this.#webhooks.health()
  }
  /** Calls the webhook URL the service is given and sees whether the listener gets it. */
  checkWebhooks(): Promise<WebhookCheck> {
    return this.#webhooks.check()
  }

  // Jobs.

  /** Validates, journals and sends a job (see Submitter), held to the spending limits. */
  submit(body: Record<string, unknown>, inputs: LibraryInput[] = [], idempotencyKey?: string, spend: SpendChoice = {}): Promise<JobRecord> {
    return this.s.submitter.submit(body, inputs, idempotencyKey, spend)
  }
  /** Journals and sends a request to the legacy video endpoint. */
  submitLegacy(body: Record<string, unknown>, confirmed = false): Promise<JobRecord> {
    return submitLegacyJob({ store: this.s.store, client: this.client, webhookFields: () => this.#webhooks.legacyFields(), spend: this.s.spend, confirmed }, body)
  }
  /** The spending limits: what is used of them, and credits held for a send of several jobs. */
  get spending(): SpendGuard {
    return this.s.spend
  }
  /** Sends again every job the service has not answered (with the key now in use). */
  resendPending(): Promise<void> {
    return this.s.submitter.resendPending()
  }
  cancel(localId: string): Promise<JobRecord> {
    return cancelJob(this.s, this.client, localId)
  }
  retry(localId: string, confirmed = false): Promise<JobRecord> {
    return retryJob(this.s, this.client, localId, confirmed)
  }
  dismiss(localId: string): Promise<void> {
    return dismissJob(this.s, localId)
  }
  job(localId: string): JobRecord | undefined {
    return this.s.store.get(localId)
  }
  jobByServiceId(jobId: string): JobRecord | undefined {
    return this.s.store.byServiceId(jobId)
  }
  /** Every job in the journal (the last 30 days), dismissed ones included. */
  jobs(): JobRecord[] {
    return this.s.store.all()
  }
  /** The page's view of a job, with why its outputs are waiting to be saved, if they are. */
  jobView(record: JobRecord): JobView {
    return jobViewOf(this.s.saver, record)
  }
  /** Why a finished job's outputs wait to be saved, or null. */
  saveWaitingFor(jobId: string): { reason: string; purgeAt: string } | null {
    return this.s.saver.waitingFor(jobId)
  }
  /** Tries the waiting downloads again now instead of at their next scheduled time. */
  retrySavingNow(): void {
    this.s.saver.queue.retryNow()
  }

  // The library.

  listLibrary(q: LibraryQuery = {}): LibraryPage {
    return this.s.library.list(q)
  }
  libraryModels(): string[] {
    return this.s.library.index.models()
  }
  getEntry(jobId: string): LibraryEntry | undefined {
    return this.s.library.get(jobId)
  }
  removeEntry(jobId: string): Promise<void> {
    return this.s.library.remove(jobId)
  }
  restoreEntry(jobId: string): Promise<LibraryEntry | undefined> {
    return this.s.library.restore(jobId)
  }
  isDeleted(jobId: string): boolean {
    return this.s.library.isDeleted(jobId)
  }
  emptyTrash(olderThanMs: number): Promise<void> {
    return this.s.library.emptyTrash(olderThanMs)
  }
  /** The absolute path of a library file, or null outside the library or when it is gone. */
  resolveLibraryFile(relativePath: string): Promise<string | null> {
    return this.s.library.resolveFile(relativePath)
  }
  readLibraryFile(relativePath: string): Promise<Buffer> {
    return readKeptFile(this.s.library, relativePath)
  }
  /** Keeps an input file in the library, so it can be uploaded again after its upload expires. */
  keepInput(file: CheckedFile, field: string): Promise<LibraryInput> {
    return keepInput(this.s.library, file, field)
  }
  readLibraryImages(refs: readonly LibraryImageRef[]): Promise<TrainingImage[]> {
    return readLibraryImages(this.s.library, refs)
  }
  setFavorite(jobIds: readonly string[], favorite: boolean): Promise<number> {
    return this.s.collections.setFavorite(jobIds, favorite)
  }
  listBoards(): (Board & { count: number })[] {
    return this.s.collections.listBoards()
  }
  deleteBoard(id: string): Promise<void> {
    return this.s.collections.deleteBoard(id)
  }
  /** Tags, folders of boards, smart collections and files found by their bytes (see library/curation). */
  get curation(): Curation {
    return this.s.curation
  }
  /** Find similar, duplicates, an entry's lineage, and how far the measuring of pictures has got. */
  get pictures(): LibraryPictures { return this.s.pictures }
  /** Copies the pictures of a folder (and its subfolders) into the library with the settings their tools wrote (see import/). */
  importFolder(dir: string, options: ImportOptions = {}): Promise<ImportResult> {
    return this.#imports.run(this.s.library, dir, options)
  }

  // LoRAs, and the rest of the service the page uses.

  refreshLoras(): Promise<LoraView[]> {
    return this.s.loras.refresh()
  }
  /** Starts training a LoRA and follows it from then on. */
  async createLora(fields: Record<string, string | number | undefined>, images: MultipartFile[]): Promise<LoraView> {
    this.s.spend.refuseWhenUsedUp()
    const created = await this.client.createLora(fields, images)
    const [view] = await this.s.loras.observe([await this.client.getLora(created.id)])
    return view!
  }
  renameLora(id: string, patch: LoraPatch): Promise<Lora> {
    return this.client.updateLora(id, patch)
  }
  deleteLora(id: string): Promise<void> {
    return this.client.deleteLora(id)
  }
  /** Who the key belongs to, and the team's balance. */
  me(): Promise<Me> {
    return this.client.me()
  }
  catalog(): Promise<Catalog> {
    return this.client.catalog()
  }
  /** One page of the service's list of jobs (the team's, for admins and owners). */
  serviceJobs(query: JobListQuery): Promise<JobList> {
    return this.client.listJobs(query)
  }
  upload(file: MultipartFile): Promise<Upload> {
    return this.client.upload(file)
  }
  createAsset(req: AssetRequest): Promise<{ assetId: string }> {
    return this.client.createAsset(req)
  }

  /** True while anything is left to send, track or save. */
  busy(): boolean {
    return this.#run.busy()
  }
  /** Resolves when nothing is left to send, track or save; rejects with what is left on timeout. */
  settle(timeoutMs: number): Promise<void> {
    return this.#run.settle(timeoutMs)
  }
  async runRescue(): Promise<RescueReport> {
    await this.#run.resending
    return this.s.rescue.run()
  }
  /** Rescue, telling the user what it found or why it could not look (see MissingJobsCheck). */
  checkForMissingJobs(): Promise<void> {
    return this.#missing.run()
  }
}
