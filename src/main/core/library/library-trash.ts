// Deleting from the library is remembered and can be undone for a while.
//
// A delete moves the job's files and thumbnails into `trash/<job>` and writes a
// tombstone; the tombstone stays, so rescue (which lists the service's jobs) never
// downloads a deleted item again. Undo moves the files back and lifts the tombstone.
// Trash older than the undo window is emptied in the background and at start.
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { LIBRARY_UNDO_WINDOW_MS } from '../../../shared/app/undo'
import { errorCode } from '../fs/atomic-write'
import { RecordLog } from '../store/record-log'
import { safeId } from './library-paths'

interface Tombstone {
  id: string
  deletedAt: number
}

function looksLikeTombstone(v: unknown): Tombstone | null {
  const t = v as Partial<Tombstone> | null
  return t && typeof t.id === 'string' && typeof t.deletedAt === 'number' ? (t as Tombstone) : null
}

/** How long a delete can be undone (files stay in the trash at least this long). */
export const UNDO_WINDOW_MS = LIBRARY_UNDO_WINDOW_MS

export class LibraryTrash {
  private constructor(private readonly root: string, private readonly tombstones: RecordLog<Tombstone>) {}

  static async open(root: string): Promise<LibraryTrash> {
    const tombstones = await RecordLog.open<Tombstone>(join(root, 'deleted.jsonl'), { validate: looksLikeTombstone, fsync: 'batch' })
    const trash = new LibraryTrash(root, tombstones)
    await trash.empty(UNDO_WINDOW_MS).catch(() => undefined)
    return trash
  }

  isDeleted(jobId: string): boolean {
    return this.tombstones.has(jobId)
  }

  private trashDir(jobId: string): string {
    return join(this.root, 'trash', safeId(jobId))
  }

  /** Remembers the delete (durably, first), then moves the job's folders into the trash. */
  async moveIn(jobId: string, folders: { files: string; thumbs: string }): Promise<void> {
    await this.tombstones.put({ id: jobId, deletedAt: Date.now() })
    const dir = this.trashDir(jobId)
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    await moveIfPresent(folders.files, join(dir, 'files'))
    await moveIfPresent(folders.thumbs, join(dir, 'thumbs'))
  }

  /** Moves the folders back and lifts the tombstone; false when the trash was already emptied. */
  async moveOut(jobId: string, folders: { files: string; thumbs: string }): Promise<boolean> {
    const dir = this.trashDir(jobId)
    if (!(await exists(dir))) return false
    await moveIfPresent(join(dir, 'files'), folders.files)
    await moveIfPresent(join(dir, 'thumbs'), folders.thumbs)
    await rm(dir, { recursive: true, force: true })
    await this.tombstones.delete(jobId)
    return true
  }

  /** Removes trashed folders older than `olderThanMs`; tombstones stay. */
  async empty(olderThanMs: number): Promise<void> {
    let names: string[]
    try {
      names = await readdir(join(this.root, 'trash'))
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return
      throw err
    }
    const cutoff = Date.now() - olderThanMs
    for (const name of names) {
      const info = await stat(join(this.root, 'trash', name)).catch(() => null)
      if (info && info.mtimeMs < cutoff) await rm(join(this.root, 'trash', name), { recursive: true, force: true })
    }
  }

  close(): Promise<void> {
    return this.tombstones.close()
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false)
}

async function moveIfPresent(from: string, to: string): Promise<void> {
  try {
    await rename(from, to)
  } catch (err) {
    if (errorCode(err) !== 'ENOENT') throw err
  }
}
