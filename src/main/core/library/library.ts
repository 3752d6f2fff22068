// The offline library: one entry per job with its files. Each entry is a JSON file in its
// job's folder (written crash-safely), beside the outputs it describes: those files are
// the truth. The index (an SQLite file in the library folder, see index/library-index)
// holds a copy of every entry with the columns the gallery filters, sorts and searches
// on, so opening a library of a million entries reads nothing but the index's header,
// and a page of the gallery is one query. Repair rebuilds the index from the files.
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { libraryEntrySchema } from '../../../shared/app/views'
import type { LibraryQuery } from '../../../shared/app/library-query'
import { writeFileAtomic } from '../fs/atomic-write'
import { realPathInside } from '../fs/inside-folder'
import { KeyedLock } from '../store/keyed-lock'
import { LibraryPaths, safeId } from './library-paths'
import { LibraryTrash } from './library-trash'
import type { LibraryIndex, LibraryPage } from './index/library-index'
import { openLibraryIndex, type IndexDamage } from './index/open-index'
import { entryTime } from './index/entry-row'
import type { IndexHint } from './repair/rebuilt-entry'
import type { Notify } from '../i18n/notice-text'

export type LibraryListener = (entry: LibraryEntry) => void

export interface LibraryOpenOptions {
  /** Progress of a first start's import of a library written by an earlier version. */
  onNotice?: Notify
}

export class Library {
  readonly paths: LibraryPaths
  private listeners = new Set<LibraryListener>()
  private lock = new KeyedLock()
  private damageTaken = false
  private closed = false
  /** Deletes the index had lost, kept by their tombstone files (reported once, with the index damage). */
  restoredDeletes = 0

  private constructor(
    root: string,
    /** The SQLite index (for the collections, which keep boards in it). */
    readonly index: LibraryIndex,
    private readonly trash: LibraryTrash,
    private readonly damage: IndexDamage[],
    /** What an earlier version's index knew of entries whose files could not be read at import. */
    private readonly legacyHints: Map<string, IndexHint>
  ) {
    this.paths = new LibraryPaths(root)
  }

  static async open(root: string, options: LibraryOpenOptions = {}): Promise<Library> {
    await mkdir(root, { recursive: true })
    const opened = await openLibraryIndex(root, options.onNotice ?? (() => undefined))
    const trash = await LibraryTrash.open(root, opened.index)
    const library = new Library(root, opened.index, trash, opened.damage, opened.legacyHints)
    await library.catchUpFiles()
    return library
  }

  entryPath(jobId: string): string {
    return this.paths.abs(join(this.paths.jobDir(jobId), 'entry.json'))
  }

  onChange(listener: LibraryListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The full entry, from the index's copy of its file. */
  get(jobId: string): LibraryEntry | undefined {
    return this.index.get(jobId)
  }

  has(jobId: string): boolean {
    return this.index.has(jobId)
  }

  size(): number {
    return this.index.size()
  }

  /** Deleted by the user and not restored since. */
  isDeleted(jobId: string): boolean {
    return this.index.isDeleted(jobId)
  }

  /** Entries with files not saved yet: pending, or lost. */
  idsWithUnsavedFiles(): string[] {
    return this.index.idsWithUnsavedFiles()
  }

  /**
   * Nothing to do: the index computes an entry's columns from the entry at every write,
   * so none is ever missing a count (the summaries of earlier versions could be).
   */
  async refreshSummary(_jobId: string): Promise<void> {}

  /** Files still to download across the whole library. */
  pendingFiles(): number {
    return this.index.pendingFiles()
  }

  put(entry: LibraryEntry): Promise<LibraryEntry> {
    return this.lock.run(entry.id, () => this.write(entry))
  }

  // The entry file first, then the index: after a crash between the two, the index holds
  // the older version and the saver (or repair) redoes the step.
  private async write(entry: LibraryEntry): Promise<LibraryEntry> {
    if (this.closed) throw new Error('The library is closed')
    const checked = libraryEntrySchema.parse(entry)
    await this.writeFile(checked)
    this.index.put(checked)
    for (const l of this.listeners) l(checked)
    return checked
  }

  private async writeFile(entry: LibraryEntry): Promise<void> {
    const file = this.entryPath(entry.id)
    await mkdir(dirname(file), { recursive: true })
    await writeFileAtomic(file, JSON.stringify(entry))
  }

  updateFile(jobId: string, index: number, change: Partial<LibraryFile>): Promise<LibraryEntry | undefined> {
    return this.update(jobId, (entry) => {
      const files = entry.files.map((f) => (f.index === index ? { ...f, ...change } : f))
      const done = files.every((f) => f.state !== 'pending')
      return { files, savedAt: done ? (entry.savedAt ?? new Date().toISOString()) : entry.savedAt }
    })
  }

  /** Applies a change to the current version of an entry. */
  update(jobId: string, change: (entry: LibraryEntry) => Partial<LibraryEntry>): Promise<LibraryEntry | undefined> {
    return this.lock.run(jobId, async () => {
      const entry = this.get(jobId)
      return entry ? this.write({ ...entry, ...change(entry) }) : undefined
    })
  }

  /**
   * One user action over several entries (favourites, a board): every change, and
   * `alongside` (e.g. the board's own row), is committed to the index as one transaction,
   * so all of it happens or none; the entry files follow. A crash before they are written
   * is caught up at the next open, from the index. Returns the entries changed.
   */
  async updateMany(jobIds: readonly string[], change: (entry: LibraryEntry) => Partial<LibraryEntry> | null, alongside?: () => void): Promise<LibraryEntry[]> {
    const ids = [...new Set(jobIds)]
    return this.lock.runAll(ids, async () => {
      if (this.closed) throw new Error('The library is closed')
      const changed: LibraryEntry[] = []
      for (const id of ids) {
        const entry = this.get(id)
        const patch = entry ? change(entry) : null
        if (entry && patch) changed.push(libraryEntrySchema.parse({ ...entry, ...patch }))
      }
      this.index.transaction(() => {
        for (const e of changed) this.index.put(e, true)
        alongside?.()
      })
      for (const e of changed) await this.writeFile(e)
      this.index.markFilesWritten(changed.map((e) => e.id))
      for (const e of changed) for (const l of this.listeners) l(e)
      return changed
    })
  }

  // Entry files a change committed to the index but did not write before the app stopped.
  private async catchUpFiles(): Promise<void> {
    const behind = this.index.entriesBehindFiles()
    for (const e of behind) await this.writeFile(e)
    this.index.markFilesWritten(behind.map((e) => e.id))
  }

  /** What the index (or an earlier version's) knows of an entry, to fill in one rebuilt from its files. */
  hintFor(jobId: string): IndexHint | undefined {
    const e = this.get(jobId)
    if (!e) return this.legacyHints.get(jobId)
    return { time: entryTime(e), model: e.model, cost: e.creditCost, favorite: e.favorite, boards: e.boards }
  }

  /** Every entry's id in the index, a chunk at a time. */
  idChunks(): Generator<string[]> {
    return this.index.idChunks()
  }

  /**
   * Runs a repair step for one entry with its lock held, so no save interleaves with it;
   * the step writes through `save` (which does not take the lock again) or `forget`.
   */
  heal<T>(jobId: string, step: (save: (entry: LibraryEntry) => Promise<LibraryEntry>, forget: () => Promise<void>) => Promise<T>): Promise<T> {
    return this.lock.run(jobId, () => step((entry) => this.write(entry), async () => void this.index.remove(jobId)))
  }

  /** Damage found when the index was opened (it was kept aside and rebuilt), reported once. */
  async takeIndexDamage(): Promise<IndexDamage[]> {
    if (this.damageTaken) return []
    this.damageTaken = true
    this.restoredDeletes = this.trash.restoredDeletes
    return this.damage
  }

  /** A page of entries matching the gallery's query, with the number of matches. */
  list(q: LibraryQuery = {}): LibraryPage {
    return this.index.list(q)
  }

  private folders(jobId: string): { files: string; thumbs: string } {
    return { files: this.paths.abs(this.paths.jobDir(jobId)), thumbs: this.paths.abs(join('thumbs', safeId(jobId))) }
  }

  /**
   * Removes an entry: it leaves the index at once, its files go to the trash (see
   * LibraryTrash), and the delete is remembered so the item never comes back by itself.
   */
  async remove(jobId: string): Promise<void> {
    await this.lock.run(jobId, async () => {
      if (!this.index.has(jobId)) return
      await this.trash.moveIn(jobId, this.folders(jobId), () => void this.index.remove(jobId))
    })
  }

  /** Undoes a remove while its files are still in the trash; the entry comes back as it was. */
  async restore(jobId: string): Promise<LibraryEntry | undefined> {
    return this.lock.run(jobId, async () => {
      if (this.index.has(jobId) || !(await this.trash.moveOut(jobId, this.folders(jobId)))) return undefined
      const entry = await readEntryFile(this.entryPath(jobId))
      return entry ? this.write(entry) : undefined
    })
  }

  /** Empties trash older than the undo window (the app calls this now and then). */
  emptyTrash(olderThanMs: number): Promise<void> {
    return this.trash.empty(olderThanMs)
  }

  /** The absolute path of a library file, refusing anything outside the library (links included). */
  resolveFile(relativePath: string): Promise<string | null> {
    return realPathInside(this.paths.root, relativePath)
  }

  /** Refuses further changes at once; the index closes once the changes under way have ended. */
  async close(): Promise<void> {
    this.closed = true
    await this.lock.idle()
    this.index.close()
  }
}

async function readEntryFile(path: string): Promise<LibraryEntry | undefined> {
  try {
    return libraryEntrySchema.parse(JSON.parse(await readFile(path, 'utf8')))
  } catch {
    return undefined
  }
}
