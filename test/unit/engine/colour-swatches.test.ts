// The colour filter on one of the gallery's swatches reads the swatches' table, and gives
// exactly what matching every palette colour in the cubes around it gives (the query it
// replaced): alone and with favourites, a model, a kind, a tag, a board, dates and a
// search, newest or oldest first, at any page, with the same counts. The table heals:
// missing or of another shape, it is made anew at open, the filter goes through the cubes
// meanwhile, and it is filled again in the background.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import { countStatement, keysStatement, querySql } from '../../../src/main/core/library/index/query-sql'
import { swatchesOf } from '../../../src/main/core/library/index/colour-swatches'
import type { LibraryQuery } from '../../../src/shared/app/library-query'
import { COLOUR_SWATCHES } from '../../../src/shared/media/colour-swatches'
import type { LibraryEntry, LibraryFile } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { madeEntry } from '../support/library-entries'

const cleanup = cleanupAfterEach()

function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const hex2 = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0')

/** A colour within about 40 of a swatch on each channel (often just inside or outside the filter's distance), or anywhere. */
function colourNear(rand: () => number): string {
  if (rand() < 0.3) return `#${hex2(rand() * 255)}${hex2(rand() * 255)}${hex2(rand() * 255)}`
  const s = COLOUR_SWATCHES[Math.floor(rand() * COLOUR_SWATCHES.length)]!
  const n = parseInt(s.slice(1), 16)
  return `#${hex2(((n >> 16) & 255) + (rand() - 0.5) * 80)}${hex2(((n >> 8) & 255) + (rand() - 0.5) * 80)}${hex2((n & 255) + (rand() - 0.5) * 80)}`
}

function picture(index: number, rand: () => number): LibraryFile {
  const palette = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({ hex: colourNear(rand), share: Math.round(rand() * 300) / 1000 }))
  return {
    index, role: 'image', url: null, path: `files/p/${index}.png`, thumbnail: null, state: 'saved', lostReason: null, bytes: 10, sha256: null,
    mime: 'image/png', width: 64, height: 64, durationSeconds: null, look: { perceptualHash: '0123456789abcdef', palette }
  }
}

function entries(count: number): LibraryEntry[] {
  const rand = rng(5)
  return Array.from({ length: count }, (_, i) => madeEntry(i + 1, {
    files: Array.from({ length: 1 + Math.floor(rand() * 2) }, (_, f) => picture(f, rand)),
    favorite: rand() < 0.2, model: rand() < 0.5 ? 'i1-1' : 'i3-1', modality: rand() < 0.8 ? 'image' : 'video',
    tags: rand() < 0.3 ? ['sky'] : [], boards: rand() < 0.3 ? ['b1'] : [], prompt: rand() < 0.5 ? 'a red fox' : 'a blue whale'
  }))
}

async function indexWith(list: LibraryEntry[]): Promise<string> {
  const file = join(await cleanup.tempDir('colour-swatches-'), 'index.sqlite')
  const index = LibraryIndex.open(file)
  index.transaction(() => list.forEach((e) => index.put(e)))
  index.close()
  return file
}

const FILTERS: LibraryQuery[] = [
  {}, { favorite: true }, { favorite: false }, { model: 'i3-1' }, { modality: 'video' }, { modality: 'image', favorite: true }, { tagsAll: ['sky'] },
  { board: 'b1' }, { from: '2026-01-01T00:00:00.100Z', to: '2026-01-01T00:00:00.500Z' }, { query: 'fox' }, { sort: 'oldest' }, { sort: 'oldest', favorite: true }
]

/** The page's keys and the count, by the swatches' table or (`swatches` false) by the cubes. */
function answer(db: DatabaseSync, q: LibraryQuery, swatches: boolean, limit: number, offset: number): { keys: number[]; count: number } {
  const s = querySql(q, { swatches })
  const keys = db.prepare(keysStatement(s)).all(...(s.keys.params as never[]), limit, offset).map((r) => Number(r.seq))
  const count = Number((db.prepare(countStatement(s)).get(...(s.count.params as never[]), 100_000) as { n: number }).n)
  return { keys, count }
}

describe('the colour filter on a swatch', () => {
  it('is offered in the gallery for exactly the swatches the index keeps', async () => {
    const picker = await readFile(join(import.meta.dirname, '../../../src/renderer/features/gallery/ColourFilter.tsx'), 'utf8')
    expect([...picker.matchAll(/hex: '(#[0-9a-f]{6})'/g)].map((m) => m[1])).toEqual([...COLOUR_SWATCHES])
  })

  it('finds exactly what the cubes find, with every other filter, in both orders, at any page', async () => {
    const list = entries(700)
    const db = new DatabaseSync(await indexWith(list), { readOnly: true })
    cleanup.defer(() => db.close())
    let matched = 0
    for (const colour of COLOUR_SWATCHES) {
      for (const filter of FILTERS) {
        const q = { ...filter, colour: colour.toUpperCase() }
        for (const [limit, offset] of [[20, 0], [15, 30]] as const) {
          const viaTable = answer(db, q, true, limit, offset)
          expect(viaTable).toEqual(answer(db, q, false, limit, offset))
          matched += viaTable.count
        }
      }
      // Without other filters, the entries showing it are those whose palettes the rule matches.
      expect(answer(db, { colour }, true, 1000, 0).count).toBe(list.filter((e) => swatchesOf(e).includes(colour)).length)
    }
    expect(matched).toBeGreaterThan(1000)
  })
})

describe('the swatches table heals', () => {
  const damages: [string, string][] = [['missing', 'DROP TABLE colour_swatches'], ['of another shape', 'DROP TABLE colour_swatches; CREATE TABLE colour_swatches(swatch TEXT, seq INTEGER)']]
  for (const [what, sql] of damages) {
    it(`is made anew at open when ${what}; the filter answers the same meanwhile and once it is filled`, async () => {
      const list = entries(300)
      const file = await indexWith(list)
      const before = (index: LibraryIndex) => COLOUR_SWATCHES.map((colour) => index.list({ colour, favorite: true, limit: 500 }).entries.map((e) => e.id))
      let index = LibraryIndex.open(file)
      const expected = before(index)
      index.close()
      const db = new DatabaseSync(file)
      db.exec(sql)
      db.close()
      index = LibraryIndex.open(file)
      cleanup.defer(() => index.close())
      expect(index.pictures.swatchesReady).toBe(false)
      expect(before(index)).toEqual(expected)
      let steps = 0
      while (index.pictures.fillSwatches(50)) steps++
      expect(steps).toBeGreaterThan(2)
      expect(index.pictures.swatchesReady).toBe(true)
      expect(before(index)).toEqual(expected)
      expect(expected.flat().length).toBeGreaterThan(20)
    })
  }
})
