// The rows of one entry's pictures in the index: each picture's hash under its key and its
// blocks' keys (picture-chunks), and the entry's palette colours by cube (see picture-schema),
// kept once more while it is a favourite (favourite-colours). Written with the entry's other rows, from the entry itself; rows that would come out the same are
// left as they are, so a favourite or a board changed on a picture keeps what was found
// of its near-identical pictures.
import type { SQLInputValue } from 'node:sqlite'
import type { LibraryEntry } from '../../../../shared/app/views'
import { COLOUR_MATCH_MIN_SHARE, colourCube, oklabOf } from '../../../../shared/media/colour-match'
import { writeFavouriteColours, type ColourRow } from './favourite-colours'
import type { IndexDb } from './index-db'
import { hashParts, type HashParts } from './picture-blocks'
import { PictureChunks } from './picture-chunks'

interface HashRow extends HashParts {
  file: number
}


/** The pictures of an entry that have a well-formed hash. */
export function hashRowsOf(entry: LibraryEntry): HashRow[] {
  return entry.files.flatMap((f) => {
    const parts = f.look ? hashParts(f.look.perceptualHash) : null
    return parts ? [{ file: f.index, ...parts }] : []
  })
}

/** The entry's palette colours that count for the colour filter (5 % of a picture or more), each once. */
export function colourRowsOf(entry: LibraryEntry): ColourRow[] {
  const rows = new Map<string, ColourRow>()
  for (const f of entry.files) {
    for (const c of f.look?.palette ?? []) {
      const lab = c.share >= COLOUR_MATCH_MIN_SHARE ? oklabOf(c.hex) : null
      const cube = colourCube(c.hex)
      if (lab && cube) rows.set(`${cube}|${lab.l}|${lab.a}|${lab.b}`, { cube, ...lab })
    }
  }
  return [...rows.values()]
}

const sameRows = <T>(a: T[], b: T[], key: (r: T) => string): boolean => {
  const keys = (rows: T[]) => rows.map(key).sort().join(';')
  return a.length === b.length && keys(a) === keys(b)
}

export class PictureRows {
  readonly chunks: PictureChunks

  /** `available`: the index has the tables (see index-schema: a full disk at open may leave them out). */
  constructor(private readonly db: IndexDb, readonly available: boolean) {
    this.chunks = new PictureChunks(db)
  }

  private run(sql: string, ...params: SQLInputValue[]): void {
    this.db.prepare(sql).run(...params)
  }

  write(seq: number, entry: LibraryEntry): void {
    if (!this.available) return
    this.writeHashes(seq, hashRowsOf(entry))
    const colours = colourRowsOf(entry)
    this.writeColours(seq, colours)
    writeFavouriteColours(this.db, seq, entry.favorite ? colours : [])
  }

  remove(seq: number): void {
    if (!this.available) return
    this.removeHashes(seq, this.hashesAt(seq))
    this.run('DELETE FROM picture_colours WHERE seq = ?', seq)
    this.run('DELETE FROM favourite_colours WHERE seq = ?', seq)
  }

  private hashesAt(seq: number): HashRow[] {
    return this.db.prepare('SELECT file, hi, lo FROM picture_hashes WHERE seq = ?').all(seq).map((r) => ({ file: Number(r.file), hi: Number(r.hi), lo: Number(r.lo) }))
  }

  private writeHashes(seq: number, rows: HashRow[]): void {
    const old = this.hashesAt(seq)
    if (sameRows(old, rows, (r) => `${r.file}:${r.hi}:${r.lo}`)) return
    this.removeHashes(seq, old)
    for (const r of rows) {
      this.run('INSERT INTO picture_hashes(seq, file, hi, lo) VALUES (?, ?, ?, ?)', seq, r.file, r.hi, r.lo)
      this.chunks.write(seq, r)
      // Compared with the rest later (library/pictures/picture-backfill), not in this write.
      this.run('INSERT OR IGNORE INTO picture_unpaired(seq, file) VALUES (?, ?)', seq, r.file)
    }
  }

  private removeHashes(seq: number, old: HashRow[]): void {
    if (old.length === 0) return
    for (const r of old) this.chunks.remove(seq, r)
    this.run('DELETE FROM picture_hashes WHERE seq = ?', seq)
    this.run('DELETE FROM picture_unpaired WHERE seq = ?', seq)
    this.run('DELETE FROM picture_twins WHERE seq = ?', seq)
  }

  private writeColours(seq: number, rows: ColourRow[]): void {
    const old = this.db.prepare('SELECT cube, l, a, b FROM picture_colours WHERE seq = ?').all(seq) as unknown as ColourRow[]
    const key = (r: ColourRow) => `${r.cube}|${r.l}|${r.a}|${r.b}`
    if (sameRows(old, rows, key)) return
    this.run('DELETE FROM picture_colours WHERE seq = ?', seq)
    for (const r of rows) this.run('INSERT OR IGNORE INTO picture_colours(cube, seq, l, a, b) VALUES (?, ?, ?, ?, ?)', r.cube, seq, r.l, r.a, r.b)
  }
}
