// The entries showing each of the gallery's swatch colours (shared/media/colour-swatches),
// so the colour filter on a swatch reads its matches alone, newest first, instead of
// merging the colour cubes around it and measuring every palette colour in them. Each row
// carries the entry's filter columns too (as the facets index does), so a swatch with
// favourites, a model or a kind is one range of this table, and its count one pass over
// that range, however few entries show both.
//
// An entry shows a swatch under the rule of the cube filter (colour-filter), computed the
// same way: a palette colour covering 5 % or more whose squared OKLab distance from the
// swatch is at most COLOUR_MATCH_DISTANCE², so both ways give the same entries. The table
// is written with the entry's other rows. When it is missing, of another shape, or made for
// another set of swatches, it is made anew at open and filled from the entries in the
// background (picture-backfill), a slice at a time; until it is full, `meta` says how far
// it got and the filter goes through the cubes.
import type { DatabaseSync } from 'node:sqlite'
import type { LibraryEntry } from '../../../../shared/app/views'
import { COLOUR_MATCH_DISTANCE, oklabOf, type Oklab } from '../../../../shared/media/colour-match'
import { COLOUR_SWATCHES } from '../../../../shared/media/colour-swatches'
import { entryRow } from './entry-row'
import type { IndexDb } from './index-db'
import { colourRowsOf } from './picture-rows'

const COLUMNS = 'swatch,seq,favorite,modality,model,pending,lost,lora'
const SWATCH_TABLE = `CREATE TABLE IF NOT EXISTS colour_swatches(swatch TEXT NOT NULL, seq INTEGER NOT NULL, favorite INTEGER NOT NULL, modality TEXT NOT NULL,
  model TEXT NOT NULL, pending INTEGER NOT NULL, lost INTEGER NOT NULL, lora TEXT, PRIMARY KEY(swatch, seq)) WITHOUT ROWID;`

/** In `meta` while the table fills: the last key whose entries are in it. */
const FILLED_KEY = 'colour.swatches.filled'
/** In `meta`: the swatches the table was made for. */
const SET_KEY = 'colour.swatches'
const SWATCH_SET = COLOUR_SWATCHES.join(',')

// The table's key leads with the swatch: naming every swatch makes an entry's rows a few
// key lookups, where `WHERE seq = ?` alone would read the whole table on every write.
const ROWS_OF_ENTRY = `SELECT swatch, seq, favorite, modality, model, pending, lost, lora FROM colour_swatches
  WHERE swatch IN (${COLOUR_SWATCHES.map(() => '?').join(',')}) AND seq = ? ORDER BY swatch`

const SWATCH_LABS = COLOUR_SWATCHES.map((hex) => ({ hex, lab: oklabOf(hex) as Oklab }))

/** The swatch `hex` stands for (any case), or null when it is not one. */
export function swatchOf(hex: string | undefined): string | null {
  const colour = hex?.toLowerCase()
  return COLOUR_SWATCHES.find((s) => s === colour) ?? null
}

/** The swatches the entry shows (see above). */
export function swatchesOf(entry: LibraryEntry): string[] {
  const colours = colourRowsOf(entry)
  const limit = COLOUR_MATCH_DISTANCE ** 2
  return SWATCH_LABS.filter(({ lab }) => colours.some((c) => (c.l - lab.l) * (c.l - lab.l) + (c.a - lab.a) * (c.a - lab.a) + (c.b - lab.b) * (c.b - lab.b) <= limit)).map((s) => s.hex)
}

/** Makes the table anew, to be filled, unless it is there in this version's shape for these swatches; throws as SQLite does (a full disk). */
export function healSwatchTable(db: DatabaseSync): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('colour_swatches')").all().map((r) => r.name).join(',')
  const made = (db.prepare('SELECT value FROM meta WHERE key = ?').get(SET_KEY) as { value: string } | undefined)?.value
  if (columns === COLUMNS && made === SWATCH_SET) return
  const empty = db.prepare('SELECT 1 FROM entries LIMIT 1').get() === undefined
  try {
    db.exec(`BEGIN; DROP TABLE IF EXISTS colour_swatches; ${SWATCH_TABLE}
      INSERT OR REPLACE INTO meta(key, value) VALUES ('${SET_KEY}', '${SWATCH_SET}');
      ${empty ? '' : `INSERT OR REPLACE INTO meta(key, value) VALUES ('${FILLED_KEY}', '${Number.MIN_SAFE_INTEGER}');`} COMMIT;`)
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

export class ColourSwatches {
  constructor(private readonly db: IndexDb) {}

  /** Whether every entry's swatches are in the table. */
  get ready(): boolean {
    return this.db.prepare('SELECT 1 AS x FROM meta WHERE key = ?').get(FILLED_KEY) === undefined
  }

  write(seq: number, entry: LibraryEntry): void {
    const r = entryRow(entry)
    const rows = swatchesOf(entry).sort().map((s) => [s, seq, r.favorite, r.modality, r.model, r.pending, r.lost, r.lora] as const)
    const old = this.db.prepare(ROWS_OF_ENTRY).all(...COLOUR_SWATCHES, seq)
    if (JSON.stringify(old.map((o) => Object.values(o))) === JSON.stringify(rows)) return
    this.remove(seq)
    for (const row of rows) this.db.prepare('INSERT INTO colour_swatches(swatch, seq, favorite, modality, model, pending, lost, lora) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(...row)
  }

  remove(seq: number): void {
    for (const s of COLOUR_SWATCHES) this.db.prepare('DELETE FROM colour_swatches WHERE swatch = ? AND seq = ?').run(s, seq)
  }

  /** Writes the rows of up to `limit` more entries, in one transaction; false when the table was full already. */
  fill(limit: number): boolean {
    const from = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(FILLED_KEY)
    if (!from) return false
    this.db.transaction(() => {
      const rows = this.db.prepare('SELECT seq, entry FROM entries WHERE seq > ? ORDER BY seq LIMIT ?').all(Number(from.value), limit)
      for (const r of rows) this.write(Number(r.seq), JSON.parse(r.entry as string) as LibraryEntry)
      const last = rows.at(-1)
      if (last) this.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(last.seq), FILLED_KEY)
      else this.db.prepare('DELETE FROM meta WHERE key = ?').run(FILLED_KEY)
    })
    return true
  }
}
