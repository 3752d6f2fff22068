// Library entries whose pictures carry palettes: colours often just inside or just outside
// the colour filter's distance from a gallery swatch, or anywhere, with favourites, models,
// kinds, tags, boards and prompts spread among them, from a fixed seed.
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import { countStatement, keysStatement, querySql, type IndexFeatures } from '../../../src/main/core/library/index/query-sql'
import type { LibraryQuery } from '../../../src/shared/app/library-query'
import { COLOUR_SWATCHES } from '../../../src/shared/media/colour-swatches'
import type { LibraryEntry, LibraryFile } from '../../../src/shared/app/views'
import { madeEntry } from './library-entries'
import { seeded as rng } from '../../../src/simulator/faults'

const hex2 = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0')

/** A colour within about 40 of a swatch on each channel (often just inside or outside the filter's distance), or anywhere. */
export function colourNear(rand: () => number): string {
  if (rand() < 0.3) return `#${hex2(rand() * 255)}${hex2(rand() * 255)}${hex2(rand() * 255)}`
  const s = COLOUR_SWATCHES[Math.floor(rand() * COLOUR_SWATCHES.length)]!
  const n = parseInt(s.slice(1), 16)
  return `#${hex2(((n >> 16) & 255) + (rand() - 0.5) * 80)}${hex2(((n >> 8) & 255) + (rand() - 0.5) * 80)}${hex2((n & 255) + (rand() - 0.5) * 80)}`
}

export function palettePicture(index: number, rand: () => number): LibraryFile {
  const palette = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({ hex: colourNear(rand), share: Math.round(rand() * 300) / 1000 }))
  return {
    index, role: 'image', url: null, path: `files/p/${index}.png`, thumbnail: null, state: 'saved', lostReason: null, bytes: 10, sha256: null,
    mime: 'image/png', width: 64, height: 64, durationSeconds: null, look: { perceptualHash: '0123456789abcdef', palette }
  }
}

export function paletteEntries(count: number): LibraryEntry[] {
  const rand = rng(5)
  return Array.from({ length: count }, (_, i) => madeEntry(i + 1, {
    files: Array.from({ length: 1 + Math.floor(rand() * 2) }, (_, f) => palettePicture(f, rand)),
    favorite: rand() < 0.2, model: rand() < 0.5 ? 'i1-1' : 'i3-1', modality: rand() < 0.8 ? 'image' : 'video',
    tags: rand() < 0.3 ? ['sky'] : [], boards: rand() < 0.3 ? ['b1'] : [], prompt: rand() < 0.5 ? 'a red fox' : 'a blue whale'
  }))
}

/** An index file in `dir` holding `list`, written through the index's own insert path. */
export function paletteIndex(dir: string, list: LibraryEntry[]): string {
  const file = join(dir, 'index.sqlite')
  const index = LibraryIndex.open(file)
  index.transaction(() => list.forEach((e) => index.put(e)))
  index.close()
  return file
}

/** The page's keys and the count of `q` straight from the index's SQL, with the index features given. */
export function queryAnswer(db: DatabaseSync, q: LibraryQuery, features: IndexFeatures, limit: number, offset: number): { keys: number[]; count: number } {
  const s = querySql(q, features)
  const keys = db.prepare(keysStatement(s)).all(...(s.keys.params as never[]), limit, offset).map((r) => Number(r.seq))
  const count = Number((db.prepare(countStatement(s)).get(...(s.count.params as never[]), 100_000) as { n: number }).n)
  return { keys, count }
}
