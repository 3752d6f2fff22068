// The offline library: one entry per job with its files, kept in a crash-safe record log
// and indexed in memory for prompt search.
import { realpath, rm } from 'node:fs/promises'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { libraryEntrySchema } from '../../../shared/app/views'
import { RecordLog } from '../store/record-log'
import { TextSearch } from '../store/text-search'
import { LibraryPaths } from './library-paths'
import { KeyedLock } from '../store/keyed-lock'

export type LibraryListener = (entry: LibraryEntry) => void

/**
 * A structural check on load. Every line is already checksummed, so damage is caught
 * there; the full schema costs more than half a second at 100,000 entries and is kept for
 * entries written by this process (see `put`).
 */
function looksLikeEntry(v: unknown): LibraryEntry | null {
  const e = v as Partial<LibraryEntry> | null
  return e && typeof e === 'object' && typeof e.id === 'string' && typeof e.jobId === 'string' && Array.isArray(e.files) && Array.isArray(e.inputs)
    ? (e as LibraryEntry)
    : null
}

function sortKey(e: LibraryEntry): number {
  return Date.parse(e.completedAt ?? e.createdAt) || 0
}

export class Library {
  readonly paths: LibraryPaths
  private listeners = new Set<LibraryListener>()
  private search = new TextSearch()
  private lock = new KeyedLock()

  private constructor(root: string, private readonly log: RecordLog<LibraryEntry>) {
    this.paths = new LibraryPaths(root)
    for (const e of log.all()) this.index(e)
  }

  static async open(root: string): Promise<Library> {
    const log = await RecordLog.open<LibraryEntry>(`${root}/index.jsonl`, { validate: looksLikeEntry, fsync: 'batch' })
    return new Library(root, log)
  }

  private index(e: LibraryEntry): void {
    this.search.add(e.id, [e.prompt ?? '', e.model].join(' '), sortKey(e))
  }

  onChange(listener: LibraryListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get(jobId: string): LibraryEntry | undefined {
    return this.log.get(jobId)
  }

  has(jobId: string): boolean {
    return this.log.get(jobId) !== undefined
  }

  size(): number {
    return this.log.all().length
  }

  put(entry: LibraryEntry): Promise<LibraryEntry> {
    return this.lock.run(entry.id, () => this.write(entry))
  }

  private async write(entry: LibraryEntry): Promise<LibraryEntry> {
    await this.log.put(libraryEntrySchema.parse(entry))
    this.search.remove(entry.id)
    this.index(entry)
    for (const l of this.listeners) l(entry)
    return entry
  }

  updateFile(jobId: string, index: number, change: Partial<LibraryFile>): Promise<LibraryEntry | undefined> {
    return this.lock.run(jobId, async () => {
      const entry = this.log.get(jobId)
      if (!entry) return undefined
      const files = entry.files.map((f) => (f.index === index ? { ...f, ...change } : f))
      const done = files.every((f) => f.state !== 'pending')
      return this.write({ ...entry, files, savedAt: done ? (entry.savedAt ?? new Date().toISOString()) : entry.savedAt })
    })
  }

  /** Entries newest first, optionally filtered by a prompt search and a modality. */
  list(opts: { query?: string; modality?: LibraryEntry['modality']; offset?: number; limit?: number } = {}): { entries: LibraryEntry[]; total: number } {
    const query = opts.query?.trim() ?? ''
    const filter = opts.modality ? (id: string) => this.log.get(id)?.modality === opts.modality : undefined
    // The search index keeps entries in time order, so a page costs a page, not a sort.
    const ids = this.search.search(query, { offset: opts.offset ?? 0, limit: opts.limit ?? 60, ...(filter ? { filter } : {}) })
    const entries = ids.map((id) => this.log.get(id)).filter((e): e is LibraryEntry => !!e)
    return { entries, total: this.search.count(query, filter) }
  }

  /** Removes an entry and its files from disk. */
  async remove(jobId: string): Promise<void> {
    if (!this.log.get(jobId)) return
    await this.log.delete(jobId)
    this.search.remove(jobId)
    await rm(this.paths.abs(this.paths.jobDir(jobId)), { recursive: true, force: true })
  }

  /** The absolute path of a library file, refusing anything outside the library (links included). */
  async resolveFile(relativePath: string): Promise<string | null> {
    const abs = this.paths.resolveInside(relativePath)
    if (!abs) return null
    try {
      const [real, root] = await Promise.all([realpath(abs), realpath(this.paths.root)])
      return real.startsWith(root + '/') || real.startsWith(root + '\\') ? real : null
    } catch {
      return null
    }
  }

  async close(): Promise<void> {
    await this.log.close()
  }
}
