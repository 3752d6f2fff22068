// The offline library: one entry per job with its files. Each entry is a JSON file in its
// job's folder (written crash-safely), beside the outputs it describes; a small summary
// per entry sits in a crash-safe record log, indexed in memory for ordering and prompt
// search. Opening reads only the summaries, so a large library opens fast, and a page of
// the gallery reads only its own entries.
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { libraryEntrySchema } from '../../../shared/app/views'
import { writeFileAtomic } from '../fs/atomic-write'
import { realPathInside } from '../fs/inside-folder'
import { RecordLog } from '../store/record-log'
import { TextSearch } from '../store/text-search'
import { KeyedLock } from '../store/keyed-lock'
import { LibraryPaths, safeId } from './library-paths'
import { looksLikeSummary, summarize, type LibrarySummary } from './library-summary'
import { LibraryTrash } from './library-trash'
import { sortIds, summaryFilter } from './library-filter'
import type { LibraryQuery } from '../../../shared/app/library-query'

export type LibraryListener = (entry: LibraryEntry) => void

/** Entries kept parsed in memory; the rest are read again from their files when needed. */
const CACHE_LIMIT = 2000

export class Library {
  readonly paths: LibraryPaths
  private listeners = new Set<LibraryListener>()
  /** Prompt search, carrying each entry's summary so filters need no lookup per entry. */
  private search = new TextSearch<LibrarySummary>()
  private lock = new KeyedLock()
  private cache = new Map<string, LibraryEntry>()
  private damageTaken = false
  /** Deletes the delete log had lost, kept by their second copy (reported once, with the index damage). */
  restoredDeletes = 0

  private constructor(root: string, private readonly summaries: RecordLog<LibrarySummary>, private readonly trash: LibraryTrash) {
    this.paths = new LibraryPaths(root)
    for (const s of summaries.values()) this.search.add(s.id, s.text, s.time, s)
  }

  static async open(root: string): Promise<Library> {
    await mkdir(root, { recursive: true })
    const summaries = await RecordLog.open<LibrarySummary>(join(root, 'summaries.jsonl'), { validate: looksLikeSummary, fsync: 'batch' })
    const trash = await LibraryTrash.open(root)
    return new Library(root, summaries, trash)
  }

  entryPath(jobId: string): string {
    return this.paths.abs(join(this.paths.jobDir(jobId), 'entry.json'))
  }

  onChange(listener: LibraryListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The full entry. Read from its small file on a cache miss (synchronously, by design: callers are many and the file is a few KB). */
  get(jobId: string): LibraryEntry | undefined {
    const cached = this.cache.get(jobId)
    if (cached) return cached
    if (!this.summaries.has(jobId)) return undefined
    const entry = this.readEntry(jobId)
    if (entry) this.remember(entry)
    return entry
  }

  private readEntry(jobId: string): LibraryEntry | undefined {
    try {
      return libraryEntrySchema.parse(JSON.parse(readFileSync(this.entryPath(jobId), 'utf8')))
    } catch {
      return undefined
    }
  }

  private remember(entry: LibraryEntry): void {
    this.cache.delete(entry.id)
    this.cache.set(entry.id, entry)
    if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!)
  }

  has(jobId: string): boolean {
    return this.summaries.has(jobId)
  }

  size(): number {
    return this.summaries.size
  }

  /** Deleted by the user and not restored since. */
  isDeleted(jobId: string): boolean {
    return this.trash.isDeleted(jobId)
  }

  /**
   * Entries with files not saved yet: pending, or lost. Summaries written by older
   * versions do not count lost files, so those entries are listed too, to be looked at.
   */
  idsWithUnsavedFiles(): string[] {
    const ids: string[] = []
    for (const s of this.summaries.values()) if (s.pending > 0 || s.lost !== 0) ids.push(s.id)
    return ids
  }

  /** Rewrites an entry's summary from its file (e.g. to add counts older versions lacked). */
  async refreshSummary(jobId: string): Promise<void> {
    const entry = this.get(jobId)
    if (!entry) return
    const summary = summarize(entry)
    await this.summaries.put(summary)
    this.search.setData(jobId, summary)
  }

  /** Files still to download across the whole library. */
  pendingFiles(): number {
    let n = 0
    for (const s of this.summaries.values()) n += s.pending
    return n
  }

  put(entry: LibraryEntry): Promise<LibraryEntry> {
    return this.lock.run(entry.id, () => this.write(entry))
  }

  // The entry file first, then its summary: after a crash between the two, the summary
  // is the older one and the saver redoes the step.
  private async write(entry: LibraryEntry): Promise<LibraryEntry> {
    const checked = libraryEntrySchema.parse(entry)
    const file = this.entryPath(checked.id)
    await mkdir(dirname(file), { recursive: true })
    await writeFileAtomic(file, JSON.stringify(checked))
    const summary = summarize(checked)
    await this.summaries.put(summary)
    this.remember(checked)
    this.search.add(summary.id, summary.text, summary.time, summary)
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

  /** Applies a change to the current version of an entry (favourite, boards…). */
  update(jobId: string, change: (entry: LibraryEntry) => Partial<LibraryEntry>): Promise<LibraryEntry | undefined> {
    return this.lock.run(jobId, async () => {
      const entry = this.get(jobId)
      return entry ? this.write({ ...entry, ...change(entry) }) : undefined
    })
  }

  /** The index's summary of an entry, if the index has one. */
  summaryOf(jobId: string): LibrarySummary | undefined {
    return this.summaries.get(jobId)
  }

  /**
   * Runs a repair step for one entry with its lock held, so no save interleaves with it;
   * the step writes through `save` (which does not take the lock again) or `forget`.
   */
  heal<T>(jobId: string, step: (save: (entry: LibraryEntry) => Promise<LibraryEntry>, forget: () => Promise<void>) => Promise<T>): Promise<T> {
    return this.lock.run(jobId, () => step((entry) => this.write(entry), () => this.forget(jobId)))
  }

  /** Takes an entry whose files are gone out of the index (the files stay wherever they are). */
  private async forget(jobId: string): Promise<void> {
    if (this.summaries.has(jobId)) await this.summaries.delete(jobId)
    this.search.remove(jobId)
    this.cache.delete(jobId)
  }

  /**
   * Unreadable lines found in the index logs when they were opened, reported once. The
   * logs are compacted, which moves damaged lines to their `.damaged` side file.
   */
  async takeIndexDamage(): Promise<{ file: string; lines: number }[]> {
    if (this.damageTaken) return []
    this.damageTaken = true
    this.restoredDeletes = this.trash.restoredDeletes
    const found: { file: string; lines: number }[] = []
    for (const [file, log] of [['summaries.jsonl', this.summaries], ['deleted.jsonl', this.trash.log]] as const) {
      const s = log.stats()
      const lines = s.corrupt + s.invalid + (s.tornBytes > 0 ? 1 : 0)
      if (lines === 0) continue
      found.push({ file, lines })
      await log.compact().catch(() => undefined)
    }
    return found
  }

  /** The in-memory summaries (for counts over the whole library, without reading entries). */
  summaryValues(): IterableIterator<LibrarySummary> {
    return this.summaries.values()
  }

  /**
   * A page of entries matching the gallery's query, with the number of matches. Newest
   * first by default: the search index keeps entries in time order, so such a page costs
   * a page, not a sort; other orders sort the matching ids only.
   */
  list(q: LibraryQuery = {}): { entries: LibraryEntry[]; total: number } {
    const query = q.query?.trim() ?? ''
    const test = summaryFilter(q)
    const filter = test ? (_id: string, summary: LibrarySummary | undefined) => summary !== undefined && test(summary) : undefined
    const offset = q.offset ?? 0
    const limit = q.limit ?? 60
    let ids: string[]
    let total: number
    if (!q.sort || q.sort === 'newest') {
      ;({ ids, total } = this.search.page(query, { offset, limit, ...(filter ? { filter } : {}) }))
    } else {
      const all = sortIds(this.search.search(query, filter ? { filter } : {}), q.sort, (id) => this.summaries.get(id))
      ids = all.slice(offset, offset + limit)
      total = all.length
    }
    const entries = ids.map((id) => this.get(id)).filter((e): e is LibraryEntry => !!e)
    return { entries, total }
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
      if (!this.summaries.has(jobId)) return
      await this.trash.moveIn(jobId, this.folders(jobId))
      await this.summaries.delete(jobId)
      this.search.remove(jobId)
      this.cache.delete(jobId)
    })
  }

  /** Undoes a remove while its files are still in the trash; the entry comes back as it was. */
  async restore(jobId: string): Promise<LibraryEntry | undefined> {
    return this.lock.run(jobId, async () => {
      if (this.summaries.has(jobId) || !(await this.trash.moveOut(jobId, this.folders(jobId)))) return undefined
      const entry = this.readEntry(jobId)
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

  async close(): Promise<void> {
    await this.summaries.close()
    await this.trash.close()
  }
}
