// The library index's tables. Entries are keyed by `seq`, in the order of their completion
// times (see entry-keys), so "newest first" is the primary key read backwards and the
// prompt search (whose rowid is the same key) can stop after a page. Full entries are kept
// as JSON beside the columns the gallery filters and sorts on.
import { chmodSync, closeSync, openSync, statSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { PRIVATE_FILE_MODE } from '../../fs/atomic-write'
import { isDamage, primaryCode, SQLITE_FULL, SQLITE_IOERR } from './index-db'
import { SPILL_TABLE } from './entry-keys'
import { addPictureTables } from './picture-schema'
import { addCurationTables, rawSchemaSql } from './curation-tables'

/** Written to `meta` as `schema`; an index of another version is rebuilt from the files. */
export const SCHEMA_VERSION = '1'

/**
 * Every word the search table holds, in order, so a word being typed is turned into the
 * words it begins with one range read (see fold-text's matchExpression). Words are added
 * as entries are indexed and never taken out: a word no entry has any more costs the
 * search an empty list.
 */
const TERMS_TABLE = 'CREATE TABLE IF NOT EXISTS search_terms(term TEXT PRIMARY KEY) WITHOUT ROWID;'

const TABLES = `
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entries(
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  modality TEXT NOT NULL,
  model TEXT NOT NULL,
  cost REAL,
  favorite INTEGER NOT NULL,
  lora TEXT,
  pending INTEGER NOT NULL,
  lost INTEGER NOT NULL,
  -- 1 while the entry's file on disk is older than this row (a change of several entries
  -- is committed here first, as one; the files follow, and are caught up at open).
  file_behind INTEGER NOT NULL DEFAULT 0,
  -- The job folder's facts when repair last found it whole (see repair/folder-facts);
  -- every write clears them.
  checked TEXT,
  entry TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_modality ON entries(modality, seq);
CREATE INDEX IF NOT EXISTS entries_model ON entries(model, seq);
CREATE INDEX IF NOT EXISTS entries_favorite ON entries(favorite, seq);
CREATE INDEX IF NOT EXISTS entries_lora ON entries(lora, seq) WHERE lora IS NOT NULL;
CREATE INDEX IF NOT EXISTS entries_cost ON entries(coalesce(cost, -1), seq);
CREATE INDEX IF NOT EXISTS entries_unsaved ON entries(seq) WHERE pending > 0 OR lost > 0;
CREATE INDEX IF NOT EXISTS entries_behind ON entries(seq) WHERE file_behind = 1;
CREATE TABLE IF NOT EXISTS entry_boards(board TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY(board, seq)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS entry_boards_seq ON entry_boards(seq);
CREATE TABLE IF NOT EXISTS boards(id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS deleted(id TEXT PRIMARY KEY, deleted_at INTEGER NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS search USING fts5(text, content='', contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 2');
${TERMS_TABLE}
${SPILL_TABLE}
`

/** Filter columns by entry key: the prompt search checks its matches against filters here rather than in their rows. */
export const FACETS_INDEX = 'entries_facets'

/** Ids with their folders' facts, for the check at start: it reads them all, and none of the rows. */
export const CHECKED_INDEX = 'entries_checked'

// Indexes and tables added after version 1 was released: an index of version 1 gets them when opened.
const LATER_INDEXES = `CREATE INDEX IF NOT EXISTS ${FACETS_INDEX} ON entries(seq, favorite, modality, model, pending, lost, lora);
CREATE INDEX IF NOT EXISTS ${CHECKED_INDEX} ON entries(id, checked);
${SPILL_TABLE}`

// An index of version 1 made before the word list gets it from the search table's own
// vocabulary, once: the prompts themselves are not kept in the index.
const FILL_TERMS = `BEGIN;
${TERMS_TABLE}
CREATE VIRTUAL TABLE temp.search_vocabulary USING fts5vocab(main, search, row);
INSERT OR IGNORE INTO search_terms(term) SELECT term FROM temp.search_vocabulary;
DROP TABLE temp.search_vocabulary;
COMMIT;`

/** The index file is not an index: damaged, not a database, or of another version. */
export class IndexUnreadableError extends Error {}

/**
 * Opens (or creates) the index at `file`: WAL, and every commit on disk before it returns.
 * On a full disk, where the shared-memory file WAL readers use cannot be made, it opens
 * in exclusive mode, which needs none: the library is read, and its writes wait for room
 * like every other write. Throws IndexUnreadableError when the file is not a readable
 * index, and any other failure as it is.
 */
export function openIndexDb(file: string): OpenedDb {
  makePrivate(file)
  try {
    return openWith(file, false)
  } catch (err) {
    if (primaryCode(err) === SQLITE_FULL || primaryCode(err) === SQLITE_IOERR) return openWith(file, true)
    throw err
  }
}

// The index holds every prompt, so it is readable by the user only, as the journal is.
// SQLite gives its -wal and -shm files the database file's mode. A file created here is
// empty, which SQLite takes for a new database.
function makePrivate(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    try {
      if (statSync(file).isFile()) chmodSync(file, PRIVATE_FILE_MODE)
    } catch {
      // Not ours to change: opening it says what is wrong.
    }
  }
}

export interface OpenedDb {
  db: DatabaseSync
  created: boolean
  /** False when the facets index is missing and could not be made (a full disk): the search reads filters from the rows. */
  facets: boolean
  /** False when the word list is missing and could not be made (a full disk): the search asks for a word's beginning as it is typed. */
  terms: boolean
  /** False when the table of overflowing milliseconds is missing (a full disk at the open that would have made it; see entry-keys). */
  spills: boolean
  /** False when the picture and lineage tables are missing and could not be made (a full disk; see picture-schema). */
  pictures: boolean
  /** False when the tags, origins and file hashes are missing (a full disk at the open that would have made them; see curation-index). */
  curation: boolean
}

function openWith(file: string, exclusive: boolean): OpenedDb {
  const db = new DatabaseSync(file, { timeout: 5000 })
  try {
    if (exclusive) db.exec('PRAGMA locking_mode = EXCLUSIVE;')
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;')
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'meta'").get() !== undefined
    const version = hasMeta ? (db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value: string } | undefined)?.value : undefined
    if (hasMeta && version !== SCHEMA_VERSION) throw new IndexUnreadableError(`the library index is of another version (${version ?? 'none'})`)
    if (!hasMeta) {
      db.exec(`BEGIN; ${TABLES} INSERT INTO meta(key, value) VALUES ('schema', '${SCHEMA_VERSION}'); COMMIT;`)
    }
    // Reading the tables once finds a file that is not an index (or is cut short) now, not mid-use.
    db.prepare('SELECT count(*) AS n FROM boards').get()
    db.prepare('SELECT max(seq) AS n FROM entries').get()
    return { db, created: !hasMeta, ...addLaterIndexes(db), curation: unlessFull(() => addCurationTables(rawSchemaSql(db), !hasMeta)) }
  } catch (err) {
    db.close()
    if (isDamage(err)) throw new IndexUnreadableError((err as Error).message)
    throw err
  }
}

// Adding an index to a library of a million entries takes seconds, once. On a full disk
// it cannot be written; the index works without it, and it is made at a later open.
function addLaterIndexes(db: DatabaseSync): { facets: boolean; terms: boolean; spills: boolean; pictures: boolean } {
  const facets = unlessFull(() => db.exec(LATER_INDEXES))
  const spills = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'seq_spill'").get() !== undefined
  return { facets, terms: unlessFull(() => fillTermsOnce(db)), spills, pictures: unlessFull(() => addPictureTables(db)) }
}

function fillTermsOnce(db: DatabaseSync): void {
  if (db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'search_terms'").get()) return
  try {
    db.exec(FILL_TERMS)
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

/** Runs `work`; false when the disk is full (or failing), which the index can live with. */
function unlessFull(work: () => void): boolean {
  try {
    work()
    return true
  } catch (err) {
    if (primaryCode(err) === SQLITE_FULL || primaryCode(err) === SQLITE_IOERR) return false
    throw err
  }
}
