// The index's answers from its curation tables (see curation-tables): tag suggestions as
// the user types, and the entries holding a file of given bytes. It also brings the tables
// in: an index opened on a full disk may lack them, and gets them before its next write
// (which needs room anyway) or the first question that needs them; an index made before
// them is filled behind the open app (see sources-fill).
import type { TagCount } from '../../../../shared/app/tags'
import type { LibraryEntry } from '../../../../shared/app/views'
import { AppFailure } from '../../../../shared/app/app-failure'
import { DiskFullError } from '../../fs/disk-full'
import type { IndexDb } from './index-db'
import type { EntryExtras } from './entry-extras'
import { addCurationTables, hashKey } from './curation-tables'
import { fillBehind, SourcesFill } from './sources-fill'

/** Vocabulary entries read at most for one suggestion (in order of their keys), then ranked by use. */
const SUGGEST_WINDOW = 5000
/** Above every character, so `[prefix, prefix + TOP)` holds every key that begins with the prefix. */
const TOP = '\u{10FFFF}'
const NEEDS_ROOM = "The library's index needs a little room on the disk to keep tags, origins and file hashes; free some space and try again."

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g

/** What a typed beginning is compared by: a tag's key, without trimming its end (a space typed is part of it). */
function prefixKey(typed: string): string {
  return typed.replace(CONTROL, '').normalize('NFC').replace(/\s+/g, ' ').trimStart().toLowerCase()
}

export class CurationIndex {
  #fill: SourcesFill
  #closed = false

  constructor(private readonly db: IndexDb, private readonly extras: EntryExtras) {
    this.#fill = this.startFill()
  }

  private startFill(): SourcesFill {
    const fill = new SourcesFill(this.db, this.extras)
    if (!fill.done) void fillBehind(fill, () => this.#closed || this.#fill !== fill)
    return fill
  }

  /** The last key whose origin and file hashes are surely in their tables (all of them once filled). */
  get sourcesFilledTo(): number {
    return this.extras.enabled ? this.#fill.filledTo : Number.MIN_SAFE_INTEGER
  }

  get present(): boolean {
    return this.extras.enabled
  }

  /** Makes the tables when the open could not (a full disk); throws DiskFullError while there is still no room. */
  ensure(): void {
    if (this.extras.enabled) return
    addCurationTables(this.db, false)
    this.extras.enable()
    this.#fill = this.startFill()
  }

  /** The same, for a question: told as the want of room it is. */
  ensureForReading(): void {
    try {
      this.ensure()
    } catch (err) {
      if (err instanceof DiskFullError) throw new AppFailure('storage', NEEDS_ROOM)
      throw err
    }
  }

  /**
   * The library's tags that begin with `typed` (case-insensitive), most used first; with
   * nothing typed, the most used of all. Reads at most SUGGEST_WINDOW of the vocabulary.
   */
  suggest(typed: string, limit: number): TagCount[] {
    this.ensureForReading()
    const key = prefixKey(typed)
    const rows = key === ''
      ? this.db.prepare('SELECT name, entries FROM tag_names ORDER BY entries DESC, tag LIMIT ?').all(limit)
      : this.db.prepare('SELECT name, entries FROM (SELECT tag, name, entries FROM tag_names WHERE tag >= ? AND tag < ? ORDER BY tag LIMIT ?) ORDER BY entries DESC, tag LIMIT ?')
        .all(key, key + TOP, SUGGEST_WINDOW, limit)
    return rows.map((r) => ({ name: r.name as string, count: Number(r.entries) }))
  }

  /** The vocabulary's spelling of each tag key it has. */
  spellings(keys: readonly string[]): Map<string, string> {
    const found = new Map<string, string>()
    if (!this.extras.enabled) return found
    for (const key of new Set(keys)) {
      const r = this.db.prepare('SELECT name FROM tag_names WHERE tag = ?').get(key)
      if (r) found.set(key, r.name as string)
    }
    return found
  }

  /**
   * The entries holding a file whose SHA-256 is `sha256`, with the file's index, newest
   * first. Found through the hash table; the part of an index the fill has not reached
   * yet is searched in its rows.
   */
  entriesWithFile(sha256: string): { entry: LibraryEntry; index: number }[] {
    const key = hashKey(sha256)
    if (key === null) return []
    const wanted = sha256.toLowerCase()
    const rows = [
      ...(this.extras.enabled ? this.db.prepare('SELECT e.seq, e.entry FROM file_hashes h JOIN entries e ON e.seq = h.seq WHERE h.hash = ?').all(key) : []),
      ...this.db.prepare('SELECT seq, entry FROM entries WHERE seq > ? AND instr(entry, ?) > 0').all(this.sourcesFilledTo, wanted)
    ]
    const found = new Map<number, { entry: LibraryEntry; index: number }>()
    for (const r of rows) {
      const entry = JSON.parse(r.entry as string) as LibraryEntry
      const file = entry.files.find((f) => f.sha256?.toLowerCase() === wanted)
      if (file) found.set(r.seq as number, { entry, index: file.index })
    }
    return [...found.entries()].sort(([a], [b]) => b - a).map(([, hit]) => hit)
  }

  /** Stops the fill (the index is closing or being replaced). */
  close(): void {
    this.#closed = true
  }
}
