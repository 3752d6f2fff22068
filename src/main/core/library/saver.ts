// Saves every output of every completed job into the library: an entry is written first
// (files pending), downloads run earliest purge deadline first, and each file is
// finalised with its hash, size, type, dimensions and thumbnail. An output that cannot be
// saved is recorded as lost with the reason, never dropped.
import { mkdir, rename } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import { getModel } from '../../../shared/api'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { DownloadQueue, type DownloadTask } from '../downloads/download-queue'
import type { DownloadError } from '../downloads/errors'
import { fsyncDir } from '../fs/atomic-write'
import type { JobRecord } from '../jobs/job-record'
import type { JobStore } from '../jobs/job-store'
import { probeMedia } from '../media/probe'
import { makeThumbnail } from '../media/thumbnail'
import { findFinishedOutput, hashFile, siblingWithExt, sniffFile } from './file-facts'
import type { Library } from './library'
import { findOutputs } from './output-urls'

export interface SaverOptions {
  library: Library
  store: JobStore
  retentionMs: () => number
  concurrency?: number
}

const EXPECTED_KINDS: Record<LibraryFile['role'], ('image' | 'video' | 'audio')[] | undefined> = {
  image: ['image'], grid: ['image'], video: ['video'], track: ['audio'], other: undefined
}

const LOST_EXPIRED = 'The service purged this output before it could be saved'

function modalityOf(model: string): LibraryEntry['modality'] {
  if (model.startsWith('lv-')) return 'video'
  return getModel(model)?.modality ?? 'image'
}

function paramsOf(record: JobRecord): Record<string, unknown> {
  const { prompt: _p, model: _m, webhookUrl: _u, webhookEvents: _e, webhook_url: _lu, webhook_secret: _ls, ...rest } = record.request
  return rest
}

export class Saver {
  readonly queue: DownloadQueue
  private finalizing = new Set<Promise<unknown>>()

  constructor(private readonly opts: SaverOptions) {
    this.queue = new DownloadQueue({
      concurrency: opts.concurrency ?? 4,
      onDone: (task, result) => this.track(this.finish(task, result)),
      onFailed: (task, error, willRetry) => {
        if (!willRetry) this.track(this.markLost(task, error))
      }
    })
  }

  private track(p: Promise<unknown>): void {
    const tracked = p.catch(() => undefined).finally(() => this.finalizing.delete(tracked))
    this.finalizing.add(tracked)
  }

  /** Resolves when no download or finalisation is left. */
  async idle(): Promise<void> {
    for (;;) {
      await this.queue.idle()
      if (this.finalizing.size === 0) return
      await Promise.all([...this.finalizing])
    }
  }

  pending(): number {
    return this.opts.library.pendingFiles()
  }

  /** Takes a job that reached COMPLETED (or FAILED/CANCELLED, which have nothing to save). */
  async handleTerminal(record: JobRecord): Promise<void> {
    if (record.status !== 'COMPLETED' || !record.jobId) return
    let entry = this.opts.library.get(record.jobId)
    if (!entry) entry = await this.opts.library.put(this.newEntry(record))
    await this.updateRecord(entry)
    await this.enqueuePending(entry, record)
  }

  private newEntry(record: JobRecord): LibraryEntry {
    const outputs = findOutputs(record.result)
    const files: LibraryFile[] = outputs.map((o) => ({
      index: o.index, role: o.role, path: null, thumbnail: null,
      state: record.expired ? 'lost' : 'pending', lostReason: record.expired ? LOST_EXPIRED : null,
      bytes: null, sha256: null, mime: null, width: null, height: null, durationSeconds: null, url: o.url
    }))
    return {
      id: record.jobId!, jobId: record.jobId!, model: record.model, modality: modalityOf(record.model),
      prompt: typeof record.request.prompt === 'string' ? record.request.prompt : null,
      params: paramsOf(record), creditCost: record.creditCost, createdAt: record.createdAt,
      completedAt: record.completedAt, savedAt: null, origin: record.origin, files, inputs: record.inputs
    }
  }

  private async enqueuePending(entry: LibraryEntry, record: JobRecord): Promise<void> {
    const completedAt = Date.parse(record.completedAt ?? record.updatedAt) || Date.now()
    for (const file of entry.files.filter((f) => f.state === 'pending')) {
      const paths = this.opts.library.paths
      const existing = await findFinishedOutput(paths.abs(paths.jobDir(entry.jobId)), file.index)
      if (existing) {
        const sniffed = await sniffFile(existing)
        await this.finalize(entry.jobId, file.index, existing, sniffed?.mime ?? 'application/octet-stream', sniffed?.ext ?? 'bin')
        continue
      }
      const url = file.url
      if (!url) {
        await this.opts.library.updateFile(entry.jobId, file.index, { state: 'lost', lostReason: 'The job result no longer lists this output' })
        continue
      }
      this.queue.add({
        id: `${entry.jobId}:${file.index}`,
        url,
        dest: paths.abs(paths.downloadTarget(entry.jobId, file.index)),
        deadline: completedAt + this.opts.retentionMs(),
        expectedKinds: EXPECTED_KINDS[file.role]
      })
    }
    await this.updateRecordFor(entry.jobId)
  }

  private async finish(task: DownloadTask, result: { mime: string; sha256: string; bytes: number }): Promise<void> {
    const [jobId, indexText] = splitTaskId(task.id)
    const sniffed = await sniffFile(task.dest)
    // The download hashed the bytes as they reached the disk; no need to read them again.
    await this.finalize(jobId, Number(indexText), task.dest, sniffed?.mime ?? result.mime, sniffed?.ext ?? 'bin', { sha256: result.sha256, bytes: result.bytes })
  }

  private async finalize(jobId: string, index: number, downloaded: string, mime: string, ext: string, known?: { sha256: string; bytes: number }): Promise<void> {
    const paths = this.opts.library.paths
    const finalAbs = downloaded.endsWith('.download') ? siblingWithExt(downloaded, ext) : downloaded
    if (finalAbs !== downloaded) {
      await rename(downloaded, finalAbs)
      await fsyncDir(dirname(finalAbs))
    }
    const { sha256, bytes } = known ?? (await hashFile(finalAbs))
    const facts = await probeMedia(finalAbs).catch(() => null)
    const thumbRel = paths.thumbnail(jobId, index)
    await mkdir(dirname(paths.abs(thumbRel)), { recursive: true })
    const thumbOk = facts?.kind === 'image' || facts?.kind === 'video' ? await makeThumbnail(finalAbs, paths.abs(thumbRel)).catch(() => false) : false
    await this.opts.library.updateFile(jobId, index, {
      state: 'saved', path: relative(paths.root, finalAbs), thumbnail: thumbOk ? thumbRel : null, lostReason: null,
      bytes, sha256, mime: facts?.mime ?? mime,
      width: facts?.width ?? null, height: facts?.height ?? null, durationSeconds: facts?.durationSeconds ?? null
    })
    await this.updateRecordFor(jobId)
  }

  private async markLost(task: DownloadTask, error: DownloadError): Promise<void> {
    const [jobId, indexText] = splitTaskId(task.id)
    const reason = error.code === 'expired' ? `${LOST_EXPIRED} (${error.message})` : `Could not be saved: ${error.message}`
    await this.opts.library.updateFile(jobId, Number(indexText), { state: 'lost', lostReason: reason })
    await this.updateRecordFor(jobId)
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

  /** After a restart: finish every file still pending, and every completed job not yet in the library. */
  async resumeAll(): Promise<void> {
    for (const record of this.opts.store.all()) {
      if (record.status === 'COMPLETED' && record.saved !== 'saved' && record.saved !== 'lost' && record.saved !== 'partial') await this.handleTerminal(record)
    }
  }

  close(): Promise<void> {
    return this.queue.close()
  }
}

function splitTaskId(id: string): [string, string] {
  const at = id.lastIndexOf(':')
  return [id.slice(0, at), id.slice(at + 1)]
}
