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
import { swatchesOf } from '../../../src/main/core/library/index/colour-swatches'
import type { LibraryQuery } from '../../../src/shared/app/library-query'
import { COLOUR_SWATCHES } from '../../../src/shared/media/colour-swatches'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { paletteEntries, paletteIndex, queryAnswer } from '../support/palette-entries'

const cleanup = cleanupAfterEach()

async function indexWith(list: LibraryEntry[]): Promise<string> {
  return paletteIndex(await cleanup.tempDir('colour-swatches-'), list)
}

const FILTERS: LibraryQuery[] = [
  {}, { favorite: true }, { favorite: false }, { model: 'i3-1' }, { modality: 'video' }, { modality: 'image', favorite: true }, { tagsAll: ['sky'] },
  { board: 'b1' }, { from: '2026-01-01T00:00:00.100Z', to: '2026-01-01T00:00:00.500Z' }, { query: 'fox' }, { sort: 'oldest' }, { sort: 'oldest', favorite: true }
]

/** The page's keys and the count, by the swatches' table or (`swatches` false) by the cubes. */
function answer(db: DatabaseSync, q: LibraryQuery, swatches: boolean, limit: number, offset: number): { keys: number[]; count: number } {
  return queryAnswer(db, q, { swatches }, limit, offset)
}

describe('the colour filter on a swatch', () => {
  it('is offered in the gallery for exactly the swatches the index keeps', async () => {
    const picker = await readFile(join(import.meta.dirname, '../../../src/renderer/features/gallery/ColourFilter.tsx'), 'utf8')
    expect([...picker.matchAll(/hex: '(#[0-9a-f]{6})'/g)].map((m) => m[1])).toEqual([...COLOUR_SWATCHES])
  })

  it('finds exactly what the cubes find, with every other filter, in both orders, at any page', async () => {
    const list = paletteEntries(700)
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
      const list = paletteEntries(300)
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
