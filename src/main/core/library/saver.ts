// Saves every output of every completed job into the library: an entry is written first
// (files pending), downloads run earliest purge deadline first, and each file is
// finalised with its hash, size, type, dimensions and thumbnail.
//
// An output is marked lost only on the service's word: the CDN answers 404 or 410, or
// the job is expired; or when it is larger than the app takes (the user is told). Every
// other failure (network, truncation, any disk error, a bad checksum, a crash) leaves it
// pending: it is retried with backoff, across restarts, and the user is told what is
// waiting, why, and when the first purge comes.
import type { LibraryEntry } from '../../../shared/app/views'
import { realDownloadFs, type DownloadFs } from '../downloads/download-fs'
import { downloadFile } from '../downloads/download-file'
import type { DownloadFileOptions, DownloadResult } from '../downloads/download-types'
import { DownloadQueue, type DownloadTask } from '../downloads/download-queue'
import { DownloadError, ioError } from '../downloads/errors'
import { overCapReason } from '../downloads/output-limits'
import type { JobRecord } from '../jobs/job-record'
import type { JobStore } from '../jobs/job-store'
import { DiskSpaceWait } from './disk-space-wait'
import { findFinishedOutput } from './file-facts'
import { finalizeOutput } from './finalize-output'
import type { Library } from './library'
import { lostExpired, newLibraryEntry } from './new-entry'
import { EXPECTED_KINDS, outputTaskId, splitTaskId } from './output-task'
import { SaveStatus } from './save-status'
import { message, type NoticeText } from '../i18n/notice-text'
import { tm } from '../i18n/main-i18n'

export interface SaverOptions {
  library: Library
  store: JobStore
  retentionMs: () => number
  concurrency?: number
  /** File-system calls of the downloads (tests inject failures). */
  fs?: DownloadFs
  onNotice?: (level: 'info' | 'warning', text: NoticeText) => void
  /** The waiting state of a job's outputs changed (see waitingFor). */
  onWaitingChanged?: (jobId: string) => void
  /** Every failed attempt and every decision to mark an output lost, for the log. */
  onEvent?: (event: 'save-retry' | 'save-lost' | 'save-paused' | 'save-resumed', fields: Record<string, unknown>) => void
  /** Extra options for every download (timeouts…). */
  downloadOptions?: Omit<DownloadFileOptions, 'url' | 'dest' | 'signal' | 'expectedKinds' | 'onProgress' | 'fs'>
}

// Earlier versions marked outputs lost after local failures; those are tried again.
const LOST_WITHOUT_EVIDENCE = 'Could not be saved'

export class Saver {
  readonly queue: DownloadQueue
  readonly status: SaveStatus
  private readonly fs: DownloadFs
  private readonly space: DiskSpaceWait
  private readonly later = new Set<NodeJS.Timeout>()
  private settling = new Set<Promise<unknown>>()
  /**
   * Completed jobs whose taking-in failed at some step (the entry, the journal's record,
   * the queueing): the entry may already be in the library, so that alone cannot tell
   * enterMissing() which jobs to take again.
   */
  private readonly untaken = new Set<string>()
  private closed = false

  constructor(private readonly opts: SaverOptions) {
    this.fs = opts.fs ?? realDownloadFs
    this.status = new SaveStatus({
      notice: (level, text) => opts.onNotice?.(level, text),
      changed: (jobId) => opts.onWaitingChanged?.(jobId)
    })
    this.space = new DiskSpaceWait(opts.library.paths.root, this.fs, () => this.spaceIsBack())
    this.queue = new DownloadQueue({
      concurrency: opts.concurrency ?? 4,
      download: (options, task) => this.saveOne(options, task),
      downloadOptions: { ...opts.downloadOptions, fs: this.fs },
      onDone: (task) => this.status.clear(task.id),
      onFailed: (task, error, willRetry) => this.onFailed(task, error, willRetry)
    })
  }

  /** Resolves when no download is queued, running or waiting to retry. */
  async idle(): Promise<void> {
    for (;;) {
      await this.queue.idle()
      if (this.settling.size === 0) return
      await Promise.all([...this.settling])
    }
  }

  /** True while any output is queued, running, waiting to retry or being marked. */
  hasWork(): boolean {
    return this.queue.size > 0 || this.settling.size > 0 || this.later.size > 0
  }

  pending(): number {
    return this.opts.library.pendingFiles()
  }

  /** Outputs of a job waiting to be saved after a failed attempt, with why and until when. */
  waitingFor(jobId: string): { reason: string; purgeAt: string } | null {
    const waiting = this.status.forJob(jobId)
    if (waiting.length === 0) return null
    const first = waiting.reduce((a, b) => (a.purgeAt <= b.purgeAt ? a : b))
    return { reason: first.reason, purgeAt: new Date(first.purgeAt).toISOString() }
  }

  /**
   * Takes a job that reached COMPLETED (or FAILED/CANCELLED, which have nothing to save).
   * Never throws: when its library entry cannot be written (a full disk), the job is
   * listed as waiting and enterMissing() tries again.
   */
  async handleTerminal(record: JobRecord): Promise<void> {
    const jobId = record.jobId
    if (record.status !== 'COMPLETED' || !jobId) return
    const marker = { id: `${jobId}:entry`, deadline: (Date.parse(record.completedAt ?? record.updatedAt) || Date.now()) + this.opts.retentionMs() }
    try {
      // Deleted by the user: a late completion or a rescue must not bring it back. (Asked
      // in here: while the index is rebuilt it cannot say, and the job is tried again.)
      if (this.opts.library.isDeleted(jobId)) return
      let entry = this.opts.library.get(jobId)
      if (!entry) entry = await this.opts.library.put(newLibraryEntry(record, lostExpired()))
      await this.updateRecord(entry)
      await this.enqueuePending(entry)
      this.status.clear(marker.id)
      this.untaken.delete(jobId)
    } catch (err) {
      this.untaken.add(jobId)
      const error = ioError(err)
      this.opts.onEvent?.('save-retry', { jobId, step: 'library entry', code: error.code, reason: error.message })
      this.status.note(marker, jobId, -1, error)
    }
  }

  /** Gives every completed job with no library entry yet, or whose taking-in failed midway (a full disk), another go. */
  async enterMissing(): Promise<void> {
    for (const record of this.opts.store.all()) {
      const jobId = record.jobId
      if (record.status === 'COMPLETED' && jobId && (!this.opts.library.has(jobId) || this.untaken.has(jobId))) await this.handleTerminal(record)
    }
  }

  private async enqueuePending(entry: LibraryEntry): Promise<void> {
    const completedAt = Date.parse(entry.completedAt ?? entry.createdAt) || Date.now()
    const paths = this.opts.library.paths
    for (const file of entry.files.filter((f) => f.state === 'pending')) {
      if (!file.url) {
        await this.opts.library.updateFile(entry.jobId, file.index, { state: 'lost', lostReason: tm('main:lost.unlisted') })
        continue
      }
      this.queue.add({
        id: outputTaskId(entry.jobId, file.index),
        url: file.url,
        dest: paths.abs(paths.downloadTarget(entry.jobId, file.index)),
        deadline: completedAt + this.opts.retentionMs(),
        expectedKinds: EXPECTED_KINDS[file.role]
      })
    }
    await this.updateRecordFor(entry.jobId)
  }

  // One attempt at one output, from the network (or from a file an earlier attempt left
  // on disk) to its library record. Any failure, the record's included, is retried.
  private async saveOne(options: DownloadFileOptions, task: DownloadTask): Promise<DownloadResult> {
    const [jobId, index] = splitTaskId(task.id)
    if (this.opts.library.isDeleted(jobId)) throw new DownloadError('aborted', 'deleted from the library', { retryable: false })
    const paths = this.opts.library.paths
    const finished = await findFinishedOutput(paths.abs(paths.jobDir(jobId)), index).catch((err: unknown) => {
      throw ioError(err)
    })
    if (finished) {
      await this.finalize(jobId, index, { path: finished })
      return { bytes: 0, sha256: '', mime: '', resumedFrom: 0 }
    }
    const result = await downloadFile(options)
    await this.finalize(jobId, index, { path: task.dest, mime: result.mime, known: { sha256: result.sha256, bytes: result.bytes } })
    return result
  }

  private async finalize(jobId: string, index: number, file: Parameters<typeof finalizeOutput>[3]): Promise<void> {
    try {
      await finalizeOutput(this.opts.library, jobId, index, file)
      await this.updateRecordFor(jobId)
    } catch (err) {
      throw ioError(err)
    }
  }

  private onFailed(task: DownloadTask, error: DownloadError, willRetry: boolean): void {
    const [jobId, index] = splitTaskId(task.id)
    // The service purged the file, or sent more than the app takes: no retry can save it.
    if (error.code === 'expired' || error.code === 'too_large') {
      const reason = error.code === 'expired' ? tm('main:lost.expiredBecause', { reason: error.message }) : overCapReason(task.expectedKinds, error.message)
      this.status.clear(task.id)
      this.opts.onEvent?.('save-lost', { jobId, index, url: task.url, reason: error.message })
      if (error.code === 'too_large') this.opts.onNotice?.('warning', message('main:saving.tooLarge', { jobId, output: index + 1, reason: reason.replace(/\.+$/, '') }))
      this.track(this.markLost(task, reason))
      return
    }
    if (!willRetry) {
      // Closing, or deleted by the user: a pending output is picked up at the next start.
      this.status.clear(task.id)
      return
    }
    this.opts.onEvent?.('save-retry', { jobId, index, code: error.code, reason: error.message })
    this.status.note(task, jobId, index, error)
    if (error.code === 'disk_full' && !this.closed) {
      // Every other download would fail the same way: wait for space instead. The watch
      // starts (or keeps going) on every such failure, so a paused queue always has one.
      const pausing = !this.queue.isPaused
      this.queue.pause()
      this.space.start(error.neededBytes)
      if (pausing) this.opts.onEvent?.('save-paused', { reason: error.message })
    }
  }

  private spaceIsBack(): void {
    if (this.closed) return
    this.opts.onEvent?.('save-resumed', {})
    this.queue.resume()
    this.queue.retryNow()
  }

  private async markLost(task: DownloadTask, lostReason: string): Promise<void> {
    const [jobId, index] = splitTaskId(task.id)
    try {
      await this.opts.library.updateFile(jobId, index, { state: 'lost', lostReason })
      await this.updateRecordFor(jobId)
    } catch {
      // The disk refused the record: the output stays pending, and a later attempt
      // (which will meet the same answer) records it again.
      this.retryLater(task)
    }
  }

  private retryLater(task: DownloadTask): void {
    if (this.closed) return
    const timer = setTimeout(() => {
      this.later.delete(timer)
      this.queue.add(task)
    }, 30_000)
    timer.unref?.()
    this.later.add(timer)
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.settling.delete(tracked))
    this.settling.add(tracked)
  }

  private async updateRecordFor(jobId: string): Promise<void> {
    const entry = this.opts.library.get(jobId)
    if (entry) await this.updateRecord(entry)
  }

  private async updateRecord(entry: LibraryEntry): Promise<void> {
    const record = this.opts.store.byServiceId(entry.jobId)
    if (!record) return
    const states = entry.files.map((f) => f.state)
    const saved = states.length === 0 ? 'saved'
      : states.includes('pending') ? 'saving'
      : states.every((s) => s === 'saved') ? 'saved'
      : states.every((s) => s === 'lost') ? 'lost' : 'partial'
    if (record.saved !== saved) await this.opts.store.update(record.id, () => ({ saved }))
  }

  /**
   * After a restart: every output still pending (or marked lost by an earlier version
   * without the service's word) is queued again, and every completed job not yet in the
   * library gets its entry.
   */
  async resumeAll(): Promise<void> {
    const library = this.opts.library
    for (const jobId of library.idsWithUnsavedFiles()) {
      let entry = library.get(jobId)
      if (!entry) continue
      const revive = entry.files.filter((f) => f.state === 'lost' && f.lostReason?.startsWith(LOST_WITHOUT_EVIDENCE))
      try {
        for (const f of revive) entry = (await library.updateFile(jobId, f.index, { state: 'pending', lostReason: null })) ?? entry
        if (revive.length > 0 || entry.files.some((f) => f.state === 'pending')) await this.enqueuePending(entry)
      } catch (err) {
        // A disk that refuses writes now is tried again at the next start; pending files
        // are queued regardless, since queueing writes nothing.
        this.opts.onEvent?.('save-retry', { jobId, step: 'resume', reason: (err as Error).message })
        if (entry.files.some((f) => f.state === 'pending')) await this.enqueuePending(entry).catch(() => undefined)
      }
    }
    await this.enterMissing()
    for (const record of this.opts.store.all()) {
      if (record.status === 'COMPLETED' && record.jobId && library.has(record.jobId)) await this.updateRecordFor(record.jobId)
    }
  }

  async close(): Promise<void> {
    this.closed = true
    this.space.stop()
    for (const t of this.later) clearTimeout(t)
    this.later.clear()
    await this.queue.close()
    await Promise.all([...this.settling])
  }
}
