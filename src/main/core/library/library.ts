// The offline library: one entry per job with its files. Each entry is a JSON file in its
// job's folder (written crash-safely), beside the outputs it describes: those files are
// the truth. The index (an SQLite file in the library folder, see index/library-index)
// holds a copy of every entry with the columns the gallery filters, sorts and searches
// on, so opening a library of a million entries reads nothing but the index's header,
// and a page of the gallery is one query. Repair rebuilds the index from the files.
import { join } from 'node:path'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { libraryEntrySchema } from '../../../shared/app/views'
import type { LibraryQuery } from '../../../shared/app/library-query'
import { realPathInside } from '../fs/inside-folder'
import { KeyedLock } from '../store/keyed-lock'
import { LibraryPaths, safeId } from './library-paths'
import type { LibraryTrash } from './library-trash'
import type { LibraryIndex, LibraryPage } from './index/library-index'
import type { IndexDamage } from './index/open-index'
import { IndexDamagedError } from './index/index-db'
import { entryTime } from './index/entry-row'
import { openLibraryParts, openRebuildParts, readEntryFile, writeEntryFile, type LibraryParts } from './library-open'
import type { IndexHint } from './repair/rebuilt-entry'
import { IndexRebuild, type IndexRefill } from './index-rebuild'
import { stageFiles, type FileWrite } from '../fs/staged-files'
import type { Notify } from '../i18n/notice-text'

export type LibraryListener = (entry: LibraryEntry) => void

/** What a repair step may do to its entry (see `heal`). */
export interface Healing {
  save(entry: LibraryEntry): Promise<LibraryEntry>
  reindex(entry: LibraryEntry): void
  forget(): void
}

export interface LibraryOpenOptions {
  /** Progress of a first start's import of a library written by an earlier version, and what a rebuild of the index did. */
  onNotice?: Notify
  /**
   * Fills a new index from the files when the index turns out damaged while the app runs
   * (see index-rebuild). Without it, a damaged index refuses every call until the next start.
   */
  refill?: IndexRefill<Library>
}

export class Library {
  readonly paths: LibraryPaths
  /** The SQLite index (for the collections, which keep boards in it, and for repair). */
  readonly index: LibraryIndex
  private listeners = new Set<LibraryListener>()
  private lock = new KeyedLock()
  private damageTaken = false
  private closed = false
  private readonly trash: LibraryTrash
  private readonly damage: IndexDamage[]
  /** What an earlier version's index knew of entries whose files could not be read at import. */
  private readonly legacyHints: Map<string, IndexHint>
  /** Rebuilds the index from the files once it turns out damaged; repair asks it for SQLite's own check. */
  readonly rebuild: IndexRebuild<Library>
  /** Deletes the index had lost, kept by their tombstone files (reported once, with the index damage). */
  restoredDeletes = 0

  private constructor(root: string, parts: LibraryParts, options: LibraryOpenOptions) {
    this.paths = new LibraryPaths(root)
    ;({ index: this.index, trash: this.trash, damage: this.damage, legacyHints: this.legacyHints } = parts)
    const notice = options.onNotice ?? (() => undefined)
    this.rebuild = new IndexRebuild<Library>({
      root, index: this.index, refill: options.refill, notice,
      idle: () => this.lock.idle(),
      openFresh: async () => new Library(root, await openRebuildParts(root, notice), {}),
      closed: () => this.closed
    })
  }

  /** Opens the library in `root` (see library-open: no index stops a start). */
  static async open(root: string, options: LibraryOpenOptions = {}): Promise<Library> {
    let library: Library | null = null
    const parts = await openLibraryParts(root, (reason) => void library?.rebuild.start(reason).catch(() => undefined), options.onNotice ?? (() => undefined))
    library = new Library(root, parts, options)
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

  /** Files still to download across the whole library. */
  pendingFiles(): number {
    return this.index.pendingFiles()
  }

  /**
   * Runs a change once the index may be used (after a rebuild under way), and once more,
   * against the rebuilt index, when it found the index damaged: it made nothing then (it
   * failed at the index, before the files that follow it, or its staged files were dropped).
   */
  change<T>(task: () => Promise<T>): Promise<T> {
    const attempt = async () => {
      await this.rebuild.ready()
      if (this.closed) throw new Error('The library is closed')
      return task()
    }
    return attempt().catch((err: unknown) => {
      if (!(err instanceof IndexDamagedError) || this.closed) throw err
      return attempt()
    })
  }

  put(entry: LibraryEntry): Promise<LibraryEntry> {
    return this.change(() => this.lock.run(entry.id, () => this.write(entry)))
  }

  // The entry file first, then the index: after a crash between the two, the index holds
  // the older version and the saver (or repair) redoes the step.
  private async write(entry: LibraryEntry): Promise<LibraryEntry> {
    if (this.closed) throw new Error('The library is closed')
    const checked = libraryEntrySchema.parse(entry)
    await writeEntryFile(this.paths, checked.id, JSON.stringify(checked))
    this.index.put(checked)
    for (const l of this.listeners) l(checked)
    return checked
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
    return this.change(() => this.lock.run(jobId, async () => {
      const entry = this.get(jobId)
      return entry ? this.write({ ...entry, ...change(entry) }) : undefined
    }))
  }

  /**
   * One user action over several entries (favourites, a board): every change, and
   * `alongside` (e.g. the board's own row), is committed to the index as one transaction,
   * so all of it happens or none. The entry files (and `alsoWrite`, e.g. the boards' copy)
   * are written in full beside their old versions first, and put in place once the index
   * has committed: on a full disk nothing changes anywhere, and the answer says so. A crash
   * before they are in place is caught up at the next open, from the index. Returns the
   * entries changed.
   */
  updateMany(jobIds: readonly string[], change: (entry: LibraryEntry) => Partial<LibraryEntry> | null, alongside?: () => void, alsoWrite?: () => FileWrite): Promise<LibraryEntry[]> {
    const ids = [...new Set(jobIds)]
    return this.change(() => this.lock.runAll(ids, async () => {
      const changed: LibraryEntry[] = []
      for (const id of ids) {
        const entry = this.get(id)
        const patch = entry ? change(entry) : null
        if (entry && patch) changed.push(libraryEntrySchema.parse({ ...entry, ...patch }))
      }
      const staged = await stageFiles([...changed.map((e) => ({ path: this.entryPath(e.id), data: JSON.stringify(e) })), ...(alsoWrite ? [alsoWrite()] : [])])
      try {
        this.index.transaction(() => {
          for (const e of changed) this.index.put(e, true)
          alongside?.()
        })
      } catch (err) {
        await staged.discard()
        throw err
      }
      await staged.publish()
      this.filesWritten(changed.map((e) => e.id))
      for (const e of changed) for (const l of this.listeners) l(e)
      return changed
    }))
  }

  // Bookkeeping only: the files are in place, and a mark left (a full disk) makes the next
  // open write them again, the same.
  private filesWritten(ids: string[]): void {
    try {
      this.index.markFilesWritten(ids)
    } catch {
      // Told by the index itself when it is damage.
    }
  }

  /** What the index (or an earlier version's) knows of an entry, to fill in one rebuilt from its files. */
  hintFor(jobId: string): IndexHint | undefined {
    const e = this.get(jobId)
    if (!e) return this.legacyHints.get(jobId)
    return { time: entryTime(e), model: e.model, cost: e.creditCost, favorite: e.favorite, boards: e.boards, tags: e.tags }
  }

  /**
   * Runs a repair step for one entry with its lock held, so no save interleaves with it;
   * the step writes through `heal` (which does not take the lock again): `save` writes the
   * entry's file and indexes it, `reindex` indexes the file's own entry, `forget` takes it
   * out of the index.
   */
  heal<T>(jobId: string, step: (heal: Healing) => Promise<T>): Promise<T> {
    return this.lock.run(jobId, () => step({
      save: (entry) => this.write(entry),
      reindex: (entry) => {
        this.index.put(entry)
        for (const l of this.listeners) l(entry)
      },
      forget: () => void this.index.remove(jobId)
    }))
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
  remove(jobId: string): Promise<void> {
    return this.change(() => this.lock.run(jobId, async () => {
      if (!this.index.has(jobId)) return
      await this.trash.moveIn(jobId, this.folders(jobId), () => void this.index.remove(jobId))
    }))
  }

  /** Undoes a remove while its files are still in the trash; the entry comes back as it was. */
  restore(jobId: string): Promise<LibraryEntry | undefined> {
    return this.change(() => this.lock.run(jobId, async () => {
      if (this.index.has(jobId)) return undefined
      // The entry comes back as its file has it, in the transaction that lifts the delete.
      const entry = await this.trash.moveOut(jobId, this.folders(jobId), async () => {
        const back = await readEntryFile(this.entryPath(jobId))
        return () => (back && this.index.put(back), back)
      })
      if (!entry) return undefined
      for (const l of this.listeners) l(entry)
      return entry
    }))
  }

  /** Empties trash older than the undo window (the app calls this now and then). */
  emptyTrash(olderThanMs: number): Promise<void> {
    return this.trash.empty(olderThanMs)
  }

  /** The absolute path of a library file, refusing anything outside the library (links included). */
  resolveFile(relativePath: string): Promise<string | null> {
    return realPathInside(this.paths.root, relativePath)
  }

  /** Refuses further changes at once; the index closes once the changes (and a rebuild) under way have ended. */
  async close(): Promise<void> {
    this.closed = true
    await this.lock.idle()
    await this.rebuild.ready().catch(() => undefined)
    this.index.close()
  }
}
