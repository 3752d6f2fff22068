// What the library asks of the index's picture and lineage tables (see picture-schema):
// the pictures near a hash, the pictures with near-identical ones, those still to be
// compared, the entries made from an output, and the pass over the entries that fills in
// pictures' looks. Writes of the rows themselves come with the entries' (picture-rows).
import type { SQLInputValue } from 'node:sqlite'
import type { LibraryEntry } from '../../../../shared/app/views'
import type { IndexDb } from './index-db'
import { bitDistance, type HashParts } from './picture-blocks'
import type { PictureRows } from './picture-rows'
import type { ColourSwatches } from './colour-swatches'
import { favouriteColoursReady, fillFavouriteColours } from './favourite-colours'
import type { LineageRows } from './lineage-rows'
import { FILL_ROWS_KEY } from './picture-schema'

/** A picture of the index: its entry's key and its file's index. */
export interface PictureKey {
  seq: number
  file: number
}

export interface NearPicture extends PictureKey {
  distance: number
}

export interface UnpairedPicture extends PictureKey, HashParts {}

/** An entry met by the pass that fills in looks: whether a saved picture of it has none yet. */
export interface WalkedEntry {
  seq: number
  id: string
  needsLook: boolean
}

type Row = Record<string, unknown>

// A saved picture whose entry has no `look` for it: not measured yet (null is "could not be decoded").
const NEEDS_LOOK = `EXISTS (SELECT 1 FROM json_each(e.entry, '$.files') f
  WHERE json_extract(f.value, '$.state') = 'saved' AND json_extract(f.value, '$.role') IN ('image', 'grid') AND json_type(f.value, '$.look') IS NULL)`

export class PictureIndex {
  constructor(private readonly db: IndexDb, private readonly rows: { pictures: PictureRows; lineage: LineageRows; swatches: ColourSwatches | null }) {}

  /** False when the index lacks the tables (a full disk when it was opened); every answer is then empty. */
  get available(): boolean {
    return this.rows.pictures.available
  }

  private all(sql: string, ...params: SQLInputValue[]): Row[] {
    return this.available ? this.db.prepare(sql).all(...params) : []
  }

  /** Every picture within `maxDistance` bits of `hash` (itself included), each once, with its distance. */
  near(hash: HashParts, maxDistance: number): NearPicture[] {
    if (!this.available) return []
    const found = new Map<string, NearPicture>()
    for (const r of this.rows.pictures.chunks.within(hash, maxDistance)) found.set(`${r.seq}:${r.file}`, { seq: r.seq, file: r.file, distance: bitDistance(hash, r) })
    return [...found.values()]
  }

  /** Puts more pictures into the table "Find similar" looks them up in, when it is being filled again (see picture-chunks); false when it is full. */
  fillChunks(limit: number): boolean {
    return this.available && this.rows.pictures.chunks.fill(limit)
  }

  /** Writes the swatch rows of more entries, when that table is being filled again (see colour-swatches); false when it is full. */
  fillSwatches(limit: number): boolean {
    return this.rows.swatches?.fill(limit) ?? false
  }

  /** Copies the favourites' colours of more entries, when that table is being filled again (see favourite-colours); false when it is full. */
  fillFavouriteColours(limit: number): boolean {
    return this.available && fillFavouriteColours(this.db, limit)
  }

  /** Whether the colour filter with favourites can read the favourites' colours (the table is full). */
  get favouriteColoursReady(): boolean {
    return this.available && favouriteColoursReady(this.db)
  }

  /** Whether the colour filter on a swatch can read the swatches' table (it is there and full). */
  get swatchesReady(): boolean {
    return this.rows.swatches?.ready ?? false
  }

  hashAt(p: PictureKey): HashParts | null {
    const r = this.all('SELECT hi, lo FROM picture_hashes WHERE seq = ? AND file = ?', p.seq, p.file)[0]
    return r ? { hi: Number(r.hi), lo: Number(r.lo) } : null
  }

  entryAt(seq: number): LibraryEntry | undefined {
    const r = this.db.prepare('SELECT entry FROM entries WHERE seq = ?').get(seq)
    return r ? (JSON.parse(r.entry as string) as LibraryEntry) : undefined
  }

  seqOf(id: string): number | undefined {
    const r = this.db.prepare('SELECT seq FROM entries WHERE id = ?').get(id)
    return r ? Number(r.seq) : undefined
  }

  /** Pictures with near-identical ones, after `cursor` in the Duplicates view's order (newest entry first, then its last file first). */
  twinsAfter(cursor: PictureKey | null, limit: number): PictureKey[] {
    const rows = cursor
      ? this.all('SELECT seq, file FROM picture_twins WHERE (seq, file) < (?, ?) ORDER BY seq DESC, file DESC LIMIT ?', cursor.seq, cursor.file, limit)
      : this.all('SELECT seq, file FROM picture_twins ORDER BY seq DESC, file DESC LIMIT ?', limit)
    return rows.map((r) => ({ seq: Number(r.seq), file: Number(r.file) }))
  }

  isTwin(p: PictureKey): boolean {
    return this.all('SELECT 1 AS x FROM picture_twins WHERE seq = ? AND file = ?', p.seq, p.file).length > 0
  }

  /** A picture marked as having near-identical ones that has none now (they were removed). */
  dropTwin(p: PictureKey): void {
    if (this.available) this.db.prepare('DELETE FROM picture_twins WHERE seq = ? AND file = ?').run(p.seq, p.file)
  }

  /** Pictures not yet compared with the rest, newest first. */
  unpaired(limit: number): UnpairedPicture[] {
    return this.all('SELECT u.seq, u.file, h.hi, h.lo FROM picture_unpaired u JOIN picture_hashes h ON h.seq = u.seq AND h.file = u.file ORDER BY u.seq DESC, u.file DESC LIMIT ?', limit)
      .map((r) => ({ seq: Number(r.seq), file: Number(r.file), hi: Number(r.hi), lo: Number(r.lo) }))
  }

  /** How many pictures wait to be compared, counted up to `cap` (a count of every row of a million costs a scan). */
  unpairedCount(cap = 10_000): number {
    return Number(this.all('SELECT count(*) AS n FROM (SELECT 1 FROM picture_unpaired LIMIT ?)', cap)[0]?.n ?? 0)
  }

  /** Records that `p` was compared: it and each of `twins` have a near-identical picture. */
  markPaired(p: PictureKey, twins: readonly PictureKey[]): void {
    if (!this.available) return
    this.db.transaction(() => {
      for (const t of twins.length > 0 ? [p, ...twins] : []) this.db.prepare('INSERT OR IGNORE INTO picture_twins(seq, file) VALUES (?, ?)').run(t.seq, t.file)
      this.db.prepare('DELETE FROM picture_unpaired WHERE seq = ? AND file = ?').run(p.seq, p.file)
    })
  }

  /** The entries made from an output of entry `sourceId`, with which of its files. */
  madeFrom(sourceId: string): { seq: number; sourceFile: number }[] {
    return this.all('SELECT derived, source_file FROM lineage WHERE source = ? ORDER BY derived', sourceId).map((r) => ({ seq: Number(r.derived), sourceFile: Number(r.source_file) }))
  }

  /** `limit` entries before key `before`, newest first, each with whether a picture of it has no look yet. */
  walk(before: number, limit: number): WalkedEntry[] {
    return this.db.prepare(`SELECT e.seq, e.id, ${NEEDS_LOOK} AS needs FROM entries e WHERE e.seq < ? ORDER BY e.seq DESC LIMIT ?`).all(before, limit)
      .map((r) => ({ seq: Number(r.seq), id: r.id as string, needsLook: r.needs === 1 }))
  }

  /** Writes the picture and lineage rows of the entries under these keys again, from the entries. */
  refreshRows(seqs: readonly number[]): void {
    this.db.transaction(() => {
      for (const seq of seqs) {
        const entry = this.entryAt(seq)
        if (!entry) continue
        this.rows.pictures.write(seq, entry)
        this.rows.lineage.write(seq, entry)
      }
    })
  }

  /** Whether the rows of entries indexed before the tables existed are still to be written (see picture-schema). */
  get rowsToFill(): boolean {
    return this.meta(FILL_ROWS_KEY) !== null
  }

  meta(key: string): string | null {
    const r = this.available ? this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) : undefined
    return (r?.value as string | undefined) ?? null
  }

  setMeta(key: string, value: string | null): void {
    if (!this.available) return
    if (value === null) this.db.prepare('DELETE FROM meta WHERE key = ?').run(key)
    else this.db.prepare('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)').run(key, value)
  }
}
