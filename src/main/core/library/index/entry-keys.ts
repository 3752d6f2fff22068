// An entry's key in the index (`seq`) is its place in the gallery: keys run in the order of
// completion times, so "newest first" is the primary key read backwards and the prompt
// search (whose rowid is the same key) can stop after a page. Each millisecond owns
// SEQ_PER_MS keys, and entries completed in it take them in the order they came.
//
// Any number of entries may share a millisecond (an import, a service that rounds its
// times): past its own keys, a millisecond's entries go on into the keys that follow, and
// the last key it reached is written down (`seq_spill`), so the entries of later times are
// placed after it. A later entry already holding a key that is needed moves up past it.
// Every key of an earlier time stays below every key of a later one, whatever the order
// the entries came in.
import type { IndexDb } from './index-db'
import { SEQ_PER_MS, seqOf } from './entry-row'

/** The last key each overflowing millisecond reached; a row only for the few that did. */
export const SPILL_TABLE = 'CREATE TABLE IF NOT EXISTS seq_spill(time INTEGER PRIMARY KEY, last INTEGER NOT NULL) WITHOUT ROWID;'

/** Where an entry's keys lie, for the date filters: its millisecond's own keys, in an index without overflow. */
export interface TimeKeys {
  /** The lowest key an entry completed at `time` or later can have. */
  firstFrom(time: number): number
  /** The highest key an entry completed at `time` or earlier can have. */
  lastUpTo(time: number): number
}

export const PLAIN_TIME_KEYS: TimeKeys = {
  firstFrom: (time) => seqOf(time),
  lastUpTo: (time) => seqOf(time) + SEQ_PER_MS - 1
}

export class EntryKeys implements TimeKeys {
  /**
   * `moveUp` takes the entry holding a key out of the way, placing it anew with `free`
   * (see LibraryIndex): it is of a later time, and its new key is past the one it left.
   */
  constructor(private readonly db: IndexDb, private readonly spills: boolean, private readonly moveUp: (seq: number) => void) {}

  // An index opened on a full disk may lack the table until an overflow makes it (in a
  // transaction that may yet be rolled back): looked up each time until it was there at open.
  private hasSpills(): boolean {
    return this.spills || this.db.prepare("SELECT 1 AS x FROM sqlite_schema WHERE type = 'table' AND name = 'seq_spill'").get() !== undefined
  }

  /** The last key reached by an overflowing millisecond at `time` or before, if any (the table holds a row for each of the few that overflowed). */
  private spillUpTo(time: number): number | null {
    if (!this.hasSpills()) return null
    const last = this.db.prepare('SELECT max(last) AS last FROM seq_spill WHERE time <= ?').get(time)?.last
    return last === null || last === undefined ? null : Number(last)
  }

  lastUpTo(time: number): number {
    return Math.max(PLAIN_TIME_KEYS.lastUpTo(time), this.spillUpTo(time) ?? -Infinity)
  }

  firstFrom(time: number): number {
    return this.lastUpTo(time - 1) + 1
  }

  /** A free key for an entry completed at `time`: after every key of that time or earlier, before every later one. */
  free(time: number): number {
    const base = seqOf(time)
    const own = this.db.prepare('SELECT max(seq) AS s FROM entries WHERE seq BETWEEN ? AND ?').get(base, base + SEQ_PER_MS - 1)?.s as number | null | undefined
    const key = Math.max(own ?? base - 1, this.spillUpTo(time) ?? -Infinity) + 1
    if (key < base + SEQ_PER_MS) return key
    // Written down first, so the entry moved out of the way is placed past this key.
    if (!this.spills) this.db.exec(SPILL_TABLE)
    this.db.prepare('INSERT OR REPLACE INTO seq_spill(time, last) VALUES (?, ?)').run(time, key)
    if (this.db.prepare('SELECT 1 AS x FROM entries WHERE seq = ?').get(key)) this.moveUp(key)
    return key
  }
}
