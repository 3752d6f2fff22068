// Deleting from the library is remembered and can be undone for a while.
//
// A delete moves the job's files and thumbnails into `trash/<job>` and writes a
// tombstone; the tombstone stays, so rescue (which lists the service's jobs) never
// downloads a deleted item again. Undo moves the files back and lifts the tombstone.
// Trash older than the undo window is emptied in the background and at start.
//
// Each tombstone is kept twice: a row in the library's index and a small file in
// `deleted/`. Opening merges both, so a delete survives damage to either copy, and an
// index rebuilt from the files gets every delete back.
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { LIBRARY_UNDO_WINDOW_MS } from '../../../shared/app/undo'
import { errorCode, writeFileAtomic } from '../fs/atomic-write'
import { keepAside } from '../fs/keep-aside'
import { DiskFullError, isNoRoom } from '../fs/disk-full'
import { safeId } from './library-paths'
import type { LibraryIndex, Tombstone } from './index/library-index'

function looksLikeTombstone(v: unknown): Tombstone | null {
  const t = v as Partial<Tombstone> | null
  return t && typeof t.id === 'string' && typeof t.deletedAt === 'number' ? (t as Tombstone) : null
}

/** How long a delete can be undone (files stay in the trash at least this long). */
export const UNDO_WINDOW_MS = LIBRARY_UNDO_WINDOW_MS

export class LibraryTrash {
  /** Deletes the index had lost and the tombstone files gave back, at open. */
  restoredDeletes = 0

  private constructor(private readonly root: string, private readonly index: LibraryIndex) {}

  static async open(root: string, index: LibraryIndex): Promise<LibraryTrash> {
    const trash = new LibraryTrash(root, index)
    await trash.mergeCopies()
    await trash.empty(UNDO_WINDOW_MS).catch(() => undefined)
    return trash
  }

  private tombstoneFile(jobId: string): string {
    return join(this.root, 'deleted', `${safeId(jobId)}.json`)
  }

  private async writeTombstoneFile(t: Tombstone): Promise<void> {
    await mkdir(join(this.root, 'deleted'), { recursive: true })
    await writeFileAtomic(this.tombstoneFile(t.id), JSON.stringify(t))
  }

  // Either copy alone is enough to keep an item deleted; each missing copy is written again.
  private async mergeCopies(): Promise<void> {
    const dir = join(this.root, 'deleted')
    const names = await readdir(dir).catch(() => [] as string[])
    const onFile = new Set<string>()
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const t = await readTombstone(join(dir, name))
      if (!t) {
        // Unreadable: set aside, never deleted; the index's copy (if any) keeps the delete.
        try {
          keepAside(join(dir, name))
        } catch {
          // Left where it is, read again at the next open.
        }
        continue
      }
      onFile.add(t.id)
      if (this.index.isDeleted(t.id)) continue
      // A deleted entry the index still lists (a delete cut short) leaves it too.
      this.index.transaction(() => {
        this.index.putTombstone(t)
        this.index.remove(t.id)
      })
      this.restoredDeletes++
    }
    for (const t of this.index.tombstones()) if (!onFile.has(t.id)) await this.writeTombstoneFile(t)
  }

  private trashDir(jobId: string): string {
    return join(this.root, 'trash', safeId(jobId))
  }

  /**
   * Remembers the delete (durably, first: its file, then the index, where `alongside`
   * takes the entry out in the same transaction), then moves the job's folders into the trash.
   */
  async moveIn(jobId: string, folders: { files: string; thumbs: string }, alongside: () => void): Promise<void> {
    const tombstone = { id: jobId, deletedAt: Date.now() }
    await this.writeTombstoneFile(tombstone).catch((err: unknown) => {
      throw isNoRoom(err) ? new DiskFullError() : err
    })
    try {
      this.index.transaction(() => {
        this.index.putTombstone(tombstone)
        alongside()
      })
    } catch (err) {
      // Not deleted after all (a full disk, a damaged index): its file must not delete it at the next open.
      await rm(this.tombstoneFile(jobId), { force: true })
      throw err
    }
    const dir = this.trashDir(jobId)
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    await moveIfPresent(folders.files, join(dir, 'files'))
    await moveIfPresent(folders.thumbs, join(dir, 'thumbs'))
  }

  /**
   * Moves the folders back and lifts the tombstone, with `commit` (which puts the entry
   * back) in the same transaction of the index; when the index refuses (a full disk), the
   * folders go back into the trash and nothing changed. Resolves with what `commit` gave,
   * or `false` when the trash was already emptied.
   */
  async moveOut<T>(jobId: string, folders: { files: string; thumbs: string }, commit: () => Promise<() => T>): Promise<T | false> {
    const dir = this.trashDir(jobId)
    if (!(await exists(dir))) return false
    await moveIfPresent(join(dir, 'files'), folders.files)
    await moveIfPresent(join(dir, 'thumbs'), folders.thumbs)
    let result: T
    try {
      const inIndex = await commit()
      result = this.index.transaction(() => {
        this.index.liftTombstone(jobId)
        return inIndex()
      })
    } catch (err) {
      await moveIfPresent(folders.files, join(dir, 'files'))
      await moveIfPresent(folders.thumbs, join(dir, 'thumbs'))
      throw err
    }
    await rm(dir, { recursive: true, force: true })
    await rm(this.tombstoneFile(jobId), { force: true })
    return result
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
}

async function readTombstone(path: string): Promise<Tombstone | null> {
  try {
    return looksLikeTombstone(JSON.parse(await readFile(path, 'utf8')) as unknown)
  } catch {
    return null
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
