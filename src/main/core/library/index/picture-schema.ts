// The index's tables of what pictures look like and what was made from what, kept beside
// the entries (see index-schema). Like every row of the index they are filled from the
// entry files: each picture's look (`look` of each file) and each input's source (the
// library output it was uploaded from).
//
// - picture_hashes: each picture's perceptual hash, by entry key and file.
// - picture_chunks: the same hash under each of its four blocks' keys (picture-blocks),
//   with the whole hash beside it, so "Find similar" measures its candidates in one pass
//   (healed and filled again from picture_hashes when missing or of another shape: see
//   picture-chunks).
// - picture_unpaired: pictures not yet compared with the rest for near-identical ones;
//   picture_twins: pictures found to have at least one (the Duplicates view walks these).
// - picture_colours: each entry's palette colours that cover 5 % of a picture or more, by
//   OKLab cube (shared/media/colour-match), with their OKLab coordinates;
//   favourite_colours: those of favourite entries alone (favourite-colours).
// - lineage: source entry (by id, with its file) → the key of the entry made from it.
import type { DatabaseSync } from 'node:sqlite'
import { CHUNK_TABLE, healChunkTable } from './picture-chunks'
import { healSwatchTable } from './colour-swatches'
import { FAVOURITE_COLOURS_TABLE, healFavouriteColours } from './favourite-colours'

const PICTURE_TABLES = `
CREATE TABLE IF NOT EXISTS picture_hashes(seq INTEGER NOT NULL, file INTEGER NOT NULL, hi INTEGER NOT NULL, lo INTEGER NOT NULL, PRIMARY KEY(seq, file)) WITHOUT ROWID;
${CHUNK_TABLE}
CREATE TABLE IF NOT EXISTS picture_unpaired(seq INTEGER NOT NULL, file INTEGER NOT NULL, PRIMARY KEY(seq, file)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS picture_twins(seq INTEGER NOT NULL, file INTEGER NOT NULL, PRIMARY KEY(seq, file)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS picture_colours(cube TEXT NOT NULL, seq INTEGER NOT NULL, l REAL NOT NULL, a REAL NOT NULL, b REAL NOT NULL, PRIMARY KEY(cube, seq, l, a, b)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS picture_colours_seq ON picture_colours(seq);
${FAVOURITE_COLOURS_TABLE}
CREATE TABLE IF NOT EXISTS lineage(source TEXT NOT NULL, derived INTEGER NOT NULL, source_file INTEGER NOT NULL, PRIMARY KEY(source, derived, source_file)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS lineage_derived ON lineage(derived);
`

/**
 * Set in `meta` when the tables were added to an index that already held entries (made by
 * an earlier version): their rows are then written from those entries by the pass that
 * fills in pictures' looks (library/pictures/picture-backfill), which clears it.
 */
export const FILL_ROWS_KEY = 'pictures.fill'

/** Adds the tables (all of them or none) to an index that lacks them; throws as SQLite does (a full disk). */
export function addPictureTables(db: DatabaseSync): void {
  healSwatchTable(db)
  if (db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'picture_hashes'").get()) {
    healChunkTable(db)
    return healFavouriteColours(db)
  }
  const hasEntries = db.prepare('SELECT 1 FROM entries LIMIT 1').get() !== undefined
  try {
    db.exec(`BEGIN; ${PICTURE_TABLES} ${hasEntries ? `INSERT OR REPLACE INTO meta(key, value) VALUES ('${FILL_ROWS_KEY}', '1');` : ''} COMMIT;`)
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}
