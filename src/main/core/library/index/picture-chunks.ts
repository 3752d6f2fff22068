// The table "Find similar" looks pictures up in: each picture's hash under its four blocks'
// keys (picture-blocks). It holds nothing picture_hashes does not, so when it is missing or
// not of the shape this version reads (dropped, altered, or the blocks of an earlier
// layout), it is made anew, empty, at open, and filled from picture_hashes in the
// background by the pass over the pictures (picture-backfill), a slice at a time: a large
// library starts at once. Until it is full, `meta` holds the last key whose pictures are
// in it, and the pictures after that key are measured straight from picture_hashes, so an
// answer is exact while the table fills. Pictures written meanwhile go into it as always.
import type { DatabaseSync } from 'node:sqlite'
import type { IndexDb } from './index-db'
import { blockKeys, hashDistanceSql, probeKeys, type HashParts } from './picture-blocks'

const COLUMNS = 'key,seq,file,hi,lo'
export const CHUNK_TABLE = 'CREATE TABLE IF NOT EXISTS picture_chunks(key INTEGER NOT NULL, seq INTEGER NOT NULL, file INTEGER NOT NULL, hi INTEGER NOT NULL, lo INTEGER NOT NULL, PRIMARY KEY(key, seq, file)) WITHOUT ROWID;'

/** In `meta` while the table fills: the last key whose pictures are in it. */
export const CHUNKS_FILLED_KEY = 'pictures.chunks'
/** Before every key. */
const FROM_START = String(Number.MIN_SAFE_INTEGER)

/** Makes the table anew, to be filled, unless it is there in this version's shape; throws as SQLite does (a full disk). */
export function healChunkTable(db: DatabaseSync): void {
  const columns = db.prepare("SELECT name FROM pragma_table_info('picture_chunks')").all().map((r) => r.name).join(',')
  if (columns === COLUMNS) return
  try {
    // picture_blocks: the three blocks of an earlier layout, which nothing reads any more.
    db.exec(`BEGIN; DROP TABLE IF EXISTS picture_chunks; DROP TABLE IF EXISTS picture_blocks; ${CHUNK_TABLE}
      INSERT OR REPLACE INTO meta(key, value) VALUES ('${CHUNKS_FILLED_KEY}', '${FROM_START}'); COMMIT;`)
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

/** A picture within the distance asked for. */
export interface ChunkMatch {
  seq: number
  file: number
  hi: number
  lo: number
}

export class PictureChunks {
  constructor(private readonly db: IndexDb) {}

  /** The last key whose pictures are in the table, or null when every picture is. */
  filledTo(): number | null {
    const r = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(CHUNKS_FILLED_KEY)
    return r ? Number(r.value) : null
  }

  /** Every picture within `maxDistance` bits of `h`: looked up by block, and measured one by one past where the table is filled. */
  within(h: HashParts, maxDistance: number): ChunkMatch[] {
    const near = `${hashDistanceSql('?2', '?3')} <= ?4`
    const found = this.db.prepare(`SELECT seq, file, hi, lo FROM picture_chunks WHERE key IN (SELECT value FROM json_each(?1)) AND ${near}`)
      .all(JSON.stringify(probeKeys(h, maxDistance)), h.hi, h.lo, maxDistance)
    const filledTo = this.filledTo()
    const rest = filledTo === null ? [] : this.db.prepare(`SELECT seq, file, hi, lo FROM picture_hashes WHERE seq > ?1 AND ${near}`).all(filledTo, h.hi, h.lo, maxDistance)
    return [...found, ...rest].map((r) => ({ seq: Number(r.seq), file: Number(r.file), hi: Number(r.hi), lo: Number(r.lo) }))
  }

  write(seq: number, r: { file: number } & HashParts): void {
    for (const key of blockKeys(r)) this.db.prepare('INSERT OR IGNORE INTO picture_chunks(key, seq, file, hi, lo) VALUES (?, ?, ?, ?, ?)').run(key, seq, r.file, r.hi, r.lo)
  }

  remove(seq: number, r: { file: number } & HashParts): void {
    for (const key of blockKeys(r)) this.db.prepare('DELETE FROM picture_chunks WHERE key = ? AND seq = ? AND file = ?').run(key, seq, r.file)
  }

  /** Puts the pictures of up to `limit` more keys into the table, in one transaction; false when it was full already. */
  fill(limit: number): boolean {
    const from = this.filledTo()
    if (from === null) return false
    this.db.transaction(() => {
      const rows = this.db.prepare('SELECT seq, file, hi, lo FROM picture_hashes WHERE seq > ? AND seq <= (SELECT max(seq) FROM (SELECT DISTINCT seq FROM picture_hashes WHERE seq > ? ORDER BY seq LIMIT ?)) ORDER BY seq')
        .all(from, from, limit)
      for (const r of rows) this.write(Number(r.seq), { file: Number(r.file), hi: Number(r.hi), lo: Number(r.lo) })
      const last = rows.at(-1)
      if (last) this.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(last.seq), CHUNKS_FILLED_KEY)
      else this.db.prepare('DELETE FROM meta WHERE key = ?').run(CHUNKS_FILLED_KEY)
    })
    return true
  }
}
