// The library's index in SQLite (node:sqlite, built into Node and Electron): entries,
// boards, deletes, the prompt search, and tags, origins and file hashes (see
// curation-index). Only this folder speaks SQL, and every statement
// goes through index-db, which reads a damaged file as damage wherever it shows. It is an index
// only: each entry's file in its job's folder, the boards' `boards.json` and the
// tombstone files in `deleted/` are the truth, and repair rebuilds this file from them.
// Each change a user makes is one transaction, so a favourite and its board change
// together or not at all.
import type { LibraryEntry } from '../../../../shared/app/views'
import type { LibraryFilter, LibraryQuery } from '../../../../shared/app/library-query'
import { entryTime, timeAt } from './entry-row'
import { openIndexDb, type OpenedDb } from './index-schema'
import { IndexDb, type Statement } from './index-db'
import { EntryRows } from './entry-rows'
import { countStatement, keysStatement, MODELS_PRESENT, querySql, type QuerySql } from './query-sql'
import { PictureIndex } from './picture-index'
import { BoardTable } from './board-table'
import { CurationIndex } from './curation-index'

export type { Board } from './board-table'

export interface Tombstone {
  id: string
  deletedAt: number
}

type Row = Record<string, unknown>

/**
 * Words a typed beginning is turned into at most; a beginning of more (a few letters of a
 * large vocabulary) is asked for as a prefix, which reads every one of them anyway.
 */
export const MAX_COMPLETIONS = 48

/** Matches counted past the start of a page before the count is given as "at least". */
export const COUNT_AHEAD = 10_000

export interface LibraryPage {
  entries: LibraryEntry[]
  /** Entries matching; a lower bound when `totalIsLowerBound`. */
  total: number
  totalIsLowerBound: boolean
}

/** Told once when the index file turns out damaged, wherever that shows (see index-db). */
export type DamageListener = (reason: string) => void

export class LibraryIndex {
  private db!: IndexDb
  private rows!: EntryRows
  /** Entries in the index, kept by every insert and delete (counting a million rows costs a scan). */
  private count = 0
  private opened!: OpenedDb
  /** The pictures' hashes and colours, and what was made from what (see picture-index). */
  pictures!: PictureIndex
  /** Boards and folders (see board-table). */
  boards!: BoardTable
  /** Tag suggestions, files by their bytes (see curation-index). */
  curation!: CurationIndex

  private constructor(private readonly file: string, opened: OpenedDb, private readonly onDamage: DamageListener) {
    this.use(opened)
  }

  /** Opens the index file; throws IndexUnreadableError when it is damaged or of another version (the caller rebuilds). */
  static open(file: string, onDamage: DamageListener = () => undefined): LibraryIndex {
    return new LibraryIndex(file, openIndexDb(file), onDamage)
  }

  private use(opened: OpenedDb): void {
    this.opened = opened
    this.db = new IndexDb(opened.db, (reason) => this.onDamage(reason))
    this.rows = new EntryRows(this.db, opened.spills, opened.terms, { pictures: opened.pictures, curation: opened.curation })
    this.pictures = new PictureIndex(this.db, this.rows)
    this.boards = new BoardTable(this.db, () => this.rows.extras.enabled)
    this.curation = new CurationIndex(this.db, this.rows.extras)
    this.count = Number((this.one('SELECT count(*) AS n FROM entries') as { n: number }).n)
  }

  /** True when the file was made at this open (new, or in place of one that could not be read). */
  get created(): boolean {
    return this.opened.created
  }

  /** Why the file is no longer used (it turned out damaged), or null. */
  get damage(): string | null {
    return this.db.damage
  }

  /** Takes the file out of use, as damaged: every call from now on is refused until it is replaced. */
  markDamaged(reason: string): void {
    this.db.markDamaged(reason)
  }

  /** The index file. */
  get path(): string {
    return this.file
  }

  /** Opens the file again (after a rebuilt one was put in its place). */
  reopen(): void {
    this.curation.close()
    this.db.close()
    this.use(openIndexDb(this.file))
  }

  private sql(text: string): Statement {
    return this.db.prepare(text)
  }

  private one(text: string, ...params: (string | number | null)[]): Row | undefined {
    return this.sql(text).get(...params)
  }

  /** Runs `work` as one transaction (nested calls join the outer one). */
  transaction<T>(work: () => T): T {
    if (!this.opened.db.isTransaction) this.curation.ensure()
    const before = this.count
    try {
      return this.db.transaction(work)
    } catch (err) {
      this.count = before
      throw err
    }
  }

  size(): number {
    return this.count
  }

  has(id: string): boolean {
    return this.one('SELECT 1 AS x FROM entries WHERE id = ?', id) !== undefined
  }

  get(id: string): LibraryEntry | undefined {
    const row = this.one('SELECT entry FROM entries WHERE id = ?', id)
    return row ? (JSON.parse(row.entry as string) as LibraryEntry) : undefined
  }

  /** Indexes an entry (replacing what the index had for its id); `fileBehind` marks its file as not yet written. */
  put(entry: LibraryEntry, fileBehind = false): void {
    const time = entryTime(entry)
    this.transaction(() => {
      const old = this.one("SELECT seq, coalesce(json_extract(entry, '$.completedAt'), json_extract(entry, '$.createdAt')) AS at FROM entries WHERE id = ?", entry.id)
      let seq = old?.seq as number | undefined
      // An entry keeps its key while its time stays: it keeps its place among its ties.
      if (seq !== undefined && timeAt(old!.at as string | null) !== time) {
        this.removeRow(seq)
        seq = undefined
      }
      if (seq === undefined) {
        seq = this.rows.keys.free(time)
        this.count++
      }
      this.rows.write(seq, entry, fileBehind)
    })
  }

  private removeRow(seq: number): void {
    this.rows.remove(seq)
    this.count--
  }

  /** Takes an entry out of the index; false when it was not there. */
  remove(id: string): boolean {
    return this.transaction(() => {
      const old = this.one('SELECT seq FROM entries WHERE id = ?', id)
      if (old) this.removeRow(old.seq as number)
      return old !== undefined
    })
  }

  /** Records the facts of folders repair found whole, as one transaction. */
  setChecked(facts: readonly (readonly [string, string])[]): void {
    this.transaction(() => {
      for (const [id, f] of facts) this.sql('UPDATE entries SET checked = ? WHERE id = ?').run(f, id)
    })
  }

  /** The entry files that are older than their rows (a change cut short before its files were written). */
  entriesBehindFiles(): LibraryEntry[] {
    return this.sql('SELECT entry FROM entries WHERE file_behind = 1').all().map((r) => JSON.parse(r.entry as string) as LibraryEntry)
  }

  markFilesWritten(ids: readonly string[]): void {
    this.transaction(() => {
      for (const id of ids) this.sql('UPDATE entries SET file_behind = 0 WHERE id = ? AND file_behind = 1').run(id)
    })
  }

  /**
   * A page of entries matching the query, and how many match: counted exactly up to
   * COUNT_AHEAD matches past the page's start, beyond which `total` is that many and
   * `totalIsLowerBound` is true (counting every match of a common word in a million
   * prompts would cost more than the page). Scrolling further counts further.
   */
  list(q: LibraryQuery): LibraryPage {
    const s = this.queryOf(q)
    const offset = q.offset ?? 0
    const limit = q.limit ?? 60
    const keys = this.sql(keysStatement(s)).all(...s.keys.params, limit, offset)
    const entries = keys.flatMap((k) => {
      const row = this.one('SELECT entry FROM entries WHERE seq = ?', k.seq as number)
      return row ? [JSON.parse(row.entry as string) as LibraryEntry] : []
    })
    if (s.everything) return { entries, total: this.count, totalIsLowerBound: false }
    // A page short of its limit (and not past the end) holds the last match: nothing to count.
    if (keys.length > 0 && keys.length < limit) return { entries, total: offset + keys.length, totalIsLowerBound: false }
    const cap = offset + COUNT_AHEAD
    const counted = Number((this.sql(countStatement(s)).get(...s.count.params, cap + 1) as Row).n)
    return { entries, total: Math.min(counted, cap), totalIsLowerBound: counted > cap }
  }

  /** How many entries match the filter, counted as a first page's count is (exactly up to COUNT_AHEAD, then "at least"). */
  countMatches(filter: LibraryFilter): Omit<LibraryPage, 'entries'> {
    const s = this.queryOf(filter)
    if (s.everything) return { total: this.count, totalIsLowerBound: false }
    const counted = Number((this.sql(countStatement(s)).get(...s.count.params, COUNT_AHEAD + 1) as Row).n)
    return { total: Math.min(counted, COUNT_AHEAD), totalIsLowerBound: counted > COUNT_AHEAD }
  }

  private queryOf(q: LibraryQuery): QuerySql {
    const features = { facets: this.opened.facets, pictures: this.opened.pictures, timeKeys: this.rows.keys, sourcesFilledTo: this.curation.sourcesFilledTo, swatches: this.pictures.swatchesReady, favouriteColours: this.pictures.favouriteColoursReady }
    const s = querySql(q, { ...features, completions: this.opened.terms ? (prefix) => this.wordsBeginning(prefix) : undefined })
    if (s.curation) this.curation.ensureForReading()
    return s
  }

  /** The library's words that begin with `prefix`, or null when there are more than MAX_COMPLETIONS. */
  wordsBeginning(prefix: string): string[] | null {
    const words: string[] = []
    // Words beginning with the prefix sort together, right from the prefix itself.
    for (const r of this.sql('SELECT term FROM search_terms WHERE term >= ? ORDER BY term LIMIT ?').all(prefix, MAX_COMPLETIONS + 1)) {
      const word = r.term as string
      if (!word.startsWith(prefix)) break
      words.push(word)
    }
    return words.length > MAX_COMPLETIONS ? null : words
  }

  /**
   * Every entry's id with the facts of its folder when repair last found it whole (null
   * if a write came since), `chunk` at a time in the order of the ids, for repair's pass
   * over the whole library. Read from the index of ids and facts alone (see index-schema),
   * a few megabytes where the rows, with their entries, are a gigabyte at a million.
   */
  *checkedChunks(chunk = 1000): Generator<{ id: string; checked: string | null }[]> {
    // Each chunk is its own query from where the last one ended, so nothing is held open
    // between them while the app writes.
    for (let after: string | null = null; ; ) {
      const rows = after === null
        ? this.sql('SELECT id, checked FROM entries ORDER BY id LIMIT ?').all(chunk)
        : this.sql('SELECT id, checked FROM entries WHERE id > ? ORDER BY id LIMIT ?').all(after, chunk)
      if (rows.length === 0) return
      yield rows.map((r) => ({ id: r.id as string, checked: (r.checked as string | null) ?? null }))
      after = rows.at(-1)!.id as string
    }
  }

  idsWithUnsavedFiles(): string[] {
    return this.sql('SELECT id FROM entries WHERE pending > 0 OR lost > 0').all().map((r) => r.id as string)
  }

  pendingFiles(): number {
    return Number((this.one('SELECT coalesce(sum(pending), 0) AS n FROM entries WHERE pending > 0 OR lost > 0') as Row).n)
  }

  /** The models of the entries, each once, sorted: one step through the model index per model, whatever the entries' number. */
  models(): string[] {
    return this.sql(MODELS_PRESENT).all().map((r) => r.model as string)
  }

  favoriteIds(): string[] {
    return this.sql('SELECT id FROM entries WHERE favorite = 1').all().map((r) => r.id as string)
  }

  isDeleted(id: string): boolean {
    return this.one('SELECT 1 AS x FROM deleted WHERE id = ?', id) !== undefined
  }

  tombstones(): Tombstone[] {
    return this.sql('SELECT id, deleted_at FROM deleted').all().map((r) => ({ id: r.id as string, deletedAt: Number(r.deleted_at) }))
  }

  putTombstone(t: Tombstone): void {
    this.sql('INSERT OR REPLACE INTO deleted(id, deleted_at) VALUES (?, ?)').run(t.id, t.deletedAt)
  }

  liftTombstone(id: string): void {
    this.sql('DELETE FROM deleted WHERE id = ?').run(id)
  }

  close(): void {
    this.curation.close()
    this.db.close()
  }
}
