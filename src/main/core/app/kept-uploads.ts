// The uploads main has made, by the service's upload id: what the file was and where the
// library keeps its copy. The page keeps upload ids in its drafts across restarts, so
// `jobs.submit` must still know them after one: without this, a job would lose its
// "made from" link and Retry could not send the input again.
//
// Kept in one JSON file in the engine's data folder, replaced atomically on each change.
// A damaged file is never thrown away or silently dropped: the entries that can be read
// are kept, a copy of the file as it was is kept aside beside it (see fs/keep-aside), and
// the user is told.
//
// Each mode (demo, live) has its own list and its own library. After a switch, an input the
// page's draft took in the other mode is found in that mode's list and read from that
// mode's library (readOtherModeInput), so it can be uploaded to the service now connected;
// the other mode's files are only read, never changed.
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { z } from 'zod'
import { MAX_UPLOAD_BYTES } from '../../../shared/media/upload-limit'
import { libraryInputSchema, type LibraryInput } from '../../../shared/app/views'
import { errorCode, writeFileAtomic } from '../fs/atomic-write'
import { realPathInside } from '../fs/inside-folder'
import { keepAside } from '../fs/keep-aside'
import { tm } from '../i18n/main-i18n'

/**
 * Kept at most, newest expiry first. The page keeps its 200 newest; older ids have long
 * expired at the service and the page uploads those again (a new id) before sending.
 */
export const MAX_KEPT_UPLOADS = 1000

const keptUploadSchema = z.object({
  uploadId: z.string().min(1).max(200),
  expiresAt: z.string(),
  input: libraryInputSchema
})
export type KeptUpload = z.infer<typeof keptUploadSchema>

const fileSchema = z.object({ version: z.literal(1), uploads: z.array(z.unknown()) })

export type DamageReport = (message: string) => void

/** Where the first damaged copy of the list is kept (a later one gets `.damaged-2`, and so on). */
export function damagedCopyPath(filePath: string): string {
  return `${filePath}.damaged`
}

export class KeptUploads {
  private writing: Promise<void> = Promise.resolve()
  private queued: Promise<void> | null = null

  private constructor(private readonly filePath: string, private readonly byId: Map<string, KeptUpload>) {}

  static async open(filePath: string, onDamage: DamageReport): Promise<KeptUploads> {
    const raw = await readFile(filePath).catch((err: unknown) => {
      if (errorCode(err) === 'ENOENT') return null
      throw err
    })
    const byId = new Map<string, KeptUpload>()
    if (raw === null) return new KeptUploads(filePath, byId)
    const { kept, lost } = readEntries(raw)
    for (const entry of kept) byId.set(entry.uploadId, entry)
    if (lost !== 0) {
      // Copied aside before anything rewrites the file, so what could not be read is not lost.
      const keptAs = keepAside(filePath, { copy: true })
      onDamage(lost === 'all' ? tm('main:uploads.allUnreadable', { keptAs }) : tm('main:uploads.someUnreadable', { count: lost, keptAs }))
    }
    return new KeptUploads(filePath, byId)
  }

  get(uploadId: string): KeptUpload | undefined {
    return this.byId.get(uploadId)
  }

  /** The library output a kept copy was first taken from, whichever upload of it this is. */
  sourceOf(path: string): { sourceJobId: string; sourceIndex: number } | null {
    for (const { input } of this.byId.values()) {
      if (input.path === path && input.sourceJobId !== undefined && input.sourceIndex !== undefined) return { sourceJobId: input.sourceJobId, sourceIndex: input.sourceIndex }
    }
    return null
  }

  /** Records an upload; resolves once the list is on disk. */
  keep(entry: KeptUpload): Promise<void> {
    this.byId.set(entry.uploadId, entry)
    if (this.byId.size > MAX_KEPT_UPLOADS) {
      const newest = [...this.byId.values()].sort((a, b) => b.expiresAt.localeCompare(a.expiresAt))
      for (const dropped of newest.slice(MAX_KEPT_UPLOADS)) this.byId.delete(dropped.uploadId)
    }
    return this.save()
  }

  // Writes go one after another; changes made while one is under way share the next,
  // which writes the list as it is when it starts (a group commit).
  private save(): Promise<void> {
    if (this.queued) return this.queued
    const write = this.writing.then(() => {
      this.queued = null
      return writeFileAtomic(this.filePath, JSON.stringify({ version: 1, uploads: [...this.byId.values()] }))
    })
    this.queued = write
    this.writing = write.catch(() => undefined)
    return write
  }

  /** Waits for the last write. */
  flushed(): Promise<void> {
    return this.writing
  }
}

function readEntries(raw: Buffer): { kept: KeptUpload[]; lost: number | 'all' } {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw.toString('utf8'))
  } catch {
    return { kept: [], lost: 'all' }
  }
  const file = fileSchema.safeParse(parsed)
  if (!file.success) return { kept: [], lost: 'all' }
  const kept: KeptUpload[] = []
  for (const item of file.data.uploads) {
    const entry = keptUploadSchema.safeParse(item)
    if (entry.success) kept.push(entry.data)
  }
  return { kept, lost: file.data.uploads.length - kept.length }
}

/** Where a mode not running keeps its list of uploads and its library. */
export interface OtherModeFolders {
  keptUploadsFile: string
  libraryDir: string
}

/**
 * The input an upload of the other mode was made from, with its bytes read from that mode's
 * library; null when that mode kept no such upload, or its copy is gone, too large or no
 * longer the file that was uploaded (its hash differs). Nothing there is written: a damaged
 * list is that mode's engine's to set aside when it starts.
 */
export async function readOtherModeInput(folders: OtherModeFolders, uploadId: string): Promise<{ input: LibraryInput; data: Buffer } | null> {
  const raw = await readFile(folders.keptUploadsFile).catch(() => null)
  const kept = raw === null ? undefined : readEntries(raw).kept.find((e) => e.uploadId === uploadId)
  if (!kept) return null
  const abs = await realPathInside(folders.libraryDir, kept.input.path)
  const size = abs ? await stat(abs).then((s) => (s.isFile() ? s.size : null), () => null) : null
  if (!abs || size === null || size > MAX_UPLOAD_BYTES) return null
  const data = await readFile(abs).catch(() => null)
  if (!data || createHash('sha256').update(data).digest('hex') !== kept.input.sha256) return null
  return { input: kept.input, data }
}
