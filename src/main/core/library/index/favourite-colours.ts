// The palette colours of the favourite entries alone: picture_colours' rows (see
// picture-schema) of each entry marked favourite, by the same OKLab cube. The colour filter
// with favourites reads its cubes here, a twentieth of the rows or so, instead of merging
// every colour of those cubes with the stream of favourites in key order, which reads the
// whole library's colours when favourites of that colour are few. Written with the entry's
// other rows (picture-rows). When the table is missing or of another shape, it is made
// anew at open and filled from picture_colours in the background (picture-backfill), a
// slice of keys at a time, so a large library starts at once; until it is full, `meta`
// says how far it got and the filter goes through every entry's colours.
import type { DatabaseSync } from 'node:sqlite'
import type { IndexDb } from './index-db'

const COLUMNS = 'cube,seq,l,a,b'
export const FAVOURITE_COLOURS_TABLE = `CREATE TABLE IF NOT EXISTS favourite_colours(cube TEXT NOT NULL, seq INTEGER NOT NULL, l REAL NOT NULL, a REAL NOT NULL, b REAL NOT NULL,
  PRIMARY KEY(cube, seq, l, a, b)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS favourite_colours_seq ON favourite_colours(seq);`

/** In `meta` while the table fills: the last key whose favourites' colours are in it. */
const FILLED_KEY = 'colour.favourites.filled'

/** Makes the table anew, to be filled, unless it is there in this version's shape; throws as SQLite does (a full disk). */
export function healFavouriteColours(db: DatabaseSync): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('favourite_colours')").all().map((r) => r.name).join(',')
  const bySeq = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = 'favourite_colours_seq'").get() !== undefined
  if (columns === COLUMNS && bySeq) return
  const empty = db.prepare('SELECT 1 FROM entries LIMIT 1').get() === undefined
  try {
    db.exec(`BEGIN; DROP TABLE IF EXISTS favourite_colours; ${FAVOURITE_COLOURS_TABLE}
      ${empty ? '' : `INSERT OR REPLACE INTO meta(key, value) VALUES ('${FILLED_KEY}', '${Number.MIN_SAFE_INTEGER}');`} COMMIT;`)
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

/** Whether every favourite's colours are in the table. */
export function favouriteColoursReady(db: IndexDb): boolean {
  return db.prepare('SELECT 1 AS x FROM meta WHERE key = ?').get(FILLED_KEY) === undefined
}

/** Copies the favourites' colours of up to `limit` more keys from picture_colours, in one transaction; false when the table was full already. */
export function fillFavouriteColours(db: IndexDb, limit: number): boolean {
  const from = db.prepare('SELECT value FROM meta WHERE key = ?').get(FILLED_KEY)
  if (!from) return false
  db.transaction(() => {
    const last = db.prepare('SELECT max(seq) AS last FROM (SELECT seq FROM entries WHERE seq > ? ORDER BY seq LIMIT ?)').get(Number(from.value), limit)
    const to = last?.last === null || last?.last === undefined ? null : Number(last.last)
    if (to === null) {
      db.prepare('DELETE FROM meta WHERE key = ?').run(FILLED_KEY)
      return
    }
    db.prepare(`INSERT OR IGNORE INTO favourite_colours(cube, seq, l, a, b)
      SELECT c.cube, c.seq, c.l, c.a, c.b FROM picture_colours c JOIN entries e ON e.seq = c.seq WHERE c.seq > ? AND c.seq <= ? AND e.favorite = 1`).run(Number(from.value), to)
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(to), FILLED_KEY)
  })
  return true
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
