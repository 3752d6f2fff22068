// The index's tables for how the user finds and keeps things, beside the entries: each
// entry's tags (keyed like its boards) and the library's tag vocabulary with counts, for
// autocomplete; each entry's origin and tool (this app, another device, or imported from
// another tool); and the content hash of each file, so a file is found by its bytes (a
// picture dropped on Create, a picture imported again). All of them are made from the
// entries themselves (see entry-extras), so a rebuild from the entry files makes them too.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { addBoardColumns } from './board-table'

const TABLES = `
CREATE TABLE IF NOT EXISTS entry_tags(tag TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY(tag, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tag_names(tag TEXT PRIMARY KEY, name TEXT NOT NULL, entries INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tag_names_entries ON tag_names(entries);
CREATE TABLE IF NOT EXISTS entry_sources(seq INTEGER PRIMARY KEY, origin TEXT NOT NULL, tool TEXT);
CREATE INDEX IF NOT EXISTS entry_sources_origin ON entry_sources(origin, seq);
CREATE INDEX IF NOT EXISTS entry_sources_tool ON entry_sources(tool, seq) WHERE tool IS NOT NULL;
CREATE TABLE IF NOT EXISTS file_hashes(hash INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY(hash, seq)) WITHOUT ROWID;
`

/**
 * Written to `meta` under this key: the last key (`seq`) whose origin and file hashes are
 * in their tables, or FILLED once all are. An index made before these tables has entries
 * without them; they are filled behind the open app (see sources-fill).
 */
export const FILL_KEY = 'sources_filled_to'
export const FILLED = 'all'

/** What making the tables needs of a connection: the raw one at open, the index's door later. */
export interface SchemaSql {
  exec(sql: string): void
  prepare(sql: string): { get(...p: SQLInputValue[]): unknown; all(...p: SQLInputValue[]): unknown[]; run(...p: SQLInputValue[]): unknown }
  transaction(work: () => void): void
}

/** A raw connection as SchemaSql. */
export function rawSchemaSql(db: DatabaseSync): SchemaSql {
  return {
    exec: (sql) => db.exec(sql),
    prepare: (sql) => db.prepare(sql),
    transaction: (work) => {
      db.exec('BEGIN')
      try {
        work()
        db.exec('COMMIT')
      } catch (err) {
        if (db.isTransaction) db.exec('ROLLBACK')
        throw err
      }
    }
  }
}

/** True when the index has the tables and the boards' later columns. */
export function hasCurationTables(db: SchemaSql): boolean {
  return db.prepare("SELECT 1 FROM meta WHERE key = ?").get(FILL_KEY) !== undefined
}

/**
 * Makes the tables (and the boards' later columns) if they are missing, as one
 * transaction. A new index needs no filling; one made before them is marked to be filled
 * from its first key.
 */
export function addCurationTables(db: SchemaSql, created: boolean): void {
  if (hasCurationTables(db)) return
  db.transaction(() => {
    db.exec(TABLES)
    addBoardColumns(db)
    db.prepare('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)').run(FILL_KEY, created ? FILLED : String(Number.MIN_SAFE_INTEGER))
  })
}

/** The 52-bit number a file's SHA-256 (hex) is found by; a match is checked against the whole hash. */
export function hashKey(sha256: string): number | null {
  return /^[0-9a-f]{64}$/i.test(sha256) ? parseInt(sha256.slice(0, 13), 16) : null
}
