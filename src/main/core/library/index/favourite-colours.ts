// The palette colours of the favourite entries alone: picture_colours' rows (see
// picture-schema) of each entry marked favourite, by the same OKLab cube. The colour filter
// with favourites reads its cubes here, a twentieth of the rows or so, instead of merging
// every colour of those cubes with the stream of favourites in key order, which reads the
// whole library's colours when favourites of that colour are few. Written with the entry's
// other rows (picture-rows); when the table is missing or of another shape, it is made
// anew at open and filled from picture_colours in the same transaction.
import type { DatabaseSync } from 'node:sqlite'
import type { IndexDb } from './index-db'

const COLUMNS = 'cube,seq,l,a,b'
export const FAVOURITE_COLOURS_TABLE = `CREATE TABLE IF NOT EXISTS favourite_colours(cube TEXT NOT NULL, seq INTEGER NOT NULL, l REAL NOT NULL, a REAL NOT NULL, b REAL NOT NULL,
  PRIMARY KEY(cube, seq, l, a, b)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS favourite_colours_seq ON favourite_colours(seq);`

/** Makes the table anew from picture_colours and the entries, unless it is there in this version's shape; throws as SQLite does (a full disk). */
export function healFavouriteColours(db: DatabaseSync): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('favourite_colours')").all().map((r) => r.name).join(',')
  const bySeq = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'favourite_colours_seq'").get() !== undefined
  if (columns === COLUMNS && bySeq) return
  try {
    db.exec(`BEGIN; DROP TABLE IF EXISTS favourite_colours; ${FAVOURITE_COLOURS_TABLE}
      INSERT INTO favourite_colours(cube, seq, l, a, b)
        SELECT c.cube, c.seq, c.l, c.a, c.b FROM picture_colours c WHERE c.seq IN (SELECT seq FROM entries WHERE favorite = 1);
      COMMIT;`)
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

export interface ColourRow {
  cube: string
  l: number
  a: number
  b: number
}

/** The entry's rows in the table: its colours while it is a favourite, none otherwise. */
export function writeFavouriteColours(db: IndexDb, seq: number, rows: readonly ColourRow[]): void {
  const old = db.prepare('SELECT cube, l, a, b FROM favourite_colours WHERE seq = ?').all(seq) as unknown as ColourRow[]
  const key = (r: ColourRow) => `${r.cube}|${r.l}|${r.a}|${r.b}`
  if (old.length === rows.length && old.map(key).sort().join(';') === rows.map(key).sort().join(';')) return
  db.prepare('DELETE FROM favourite_colours WHERE seq = ?').run(seq)
  for (const r of rows) db.prepare('INSERT OR IGNORE INTO favourite_colours(cube, seq, l, a, b) VALUES (?, ?, ?, ?, ?)').run(r.cube, seq, r.l, r.a, r.b)
}
