// The colour filter with favourites reads the favourites' own colours (favourite-colours)
// and gives exactly what every entry's colours in the cubes, intersected with the stream of
// favourites, give (the query it replaced): for colours a user picks and for the swatches,
// with other filters, in both orders, at any page, with the same counts; and still after
// favourites are marked and unmarked, palettes change and entries are removed. The table
// heals: missing or of another shape, it is made anew at open, the filter goes through
// every entry's colours meanwhile, and it is filled again in the background.
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { LibraryIndex } from '../../../src/main/core/library/index/library-index'
import type { LibraryQuery } from '../../../src/shared/app/library-query'
import { paletteMatches } from '../../../src/shared/media/colour-match'
import { COLOUR_SWATCHES } from '../../../src/shared/media/colour-swatches'
import type { LibraryEntry } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { overwritePages, pagesOf } from '../support/library-entries'
import { colourNear, paletteEntries, paletteIndex, palettePicture, queryAnswer } from '../support/palette-entries'
import { seeded as rng } from '../../../src/simulator/faults'

const cleanup = cleanupAfterEach()

/** Colours off the swatches (as a picker gives them), and the swatches themselves, read through the cubes. */
const pickRand = rng(23)
const COLOURS = [...Array.from({ length: 14 }, () => colourNear(pickRand)), ...COLOUR_SWATCHES]

const FILTERS: LibraryQuery[] = [
  { favorite: true }, { favorite: true, model: 'i3-1' }, { favorite: true, modality: 'image' }, { favorite: true, tagsAll: ['sky'] },
  { favorite: true, board: 'b1' }, { favorite: true, query: 'fox' }, { favorite: true, sort: 'oldest' },
  { favorite: true, from: '2026-01-01T00:00:00.100Z', to: '2026-01-01T00:00:00.500Z' }
]

/** The page's keys and the count, by the favourites' colours or (`favouriteColours` false) by every entry's. */
function answer(db: DatabaseSync, q: LibraryQuery, favouriteColours: boolean, limit: number, offset: number): { keys: number[]; count: number } {
  return queryAnswer(db, q, { swatches: false, favouriteColours }, limit, offset)
}

async function indexWith(list: LibraryEntry[]): Promise<string> {
  return paletteIndex(await cleanup.tempDir('favourite-colours-'), list)
}

/** Every colour and filter answered both ways, at two pages; how many matches were seen. */
function expectSameAnswers(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    let matched = 0
    for (const colour of COLOURS) {
      for (const filter of FILTERS) {
        for (const [limit, offset] of [[20, 0], [15, 30]] as const) {
          const viaFavourites = answer(db, { ...filter, colour }, true, limit, offset)
          expect(viaFavourites, `${colour} ${JSON.stringify(filter)}`).toEqual(answer(db, { ...filter, colour }, false, limit, offset))
          matched += viaFavourites.count
        }
      }
    }
    return matched
  } finally {
    db.close()
  }
}

/** Favourites showing `colour` by the palettes themselves, through the index's own list. */
function favouritesShowing(index: LibraryIndex, colour: string): string[] {
  return index.list({ colour, favorite: true, limit: 1000 }).entries.map((e) => e.id).sort()
}

describe('the colour filter with favourites', () => {
  it('finds exactly what every entry’s colours find, with other filters, in both orders, at any page', async () => {
    const list = paletteEntries(700)
    const file = await indexWith(list)
    expect(expectSameAnswers(file)).toBeGreaterThan(500)
    const index = LibraryIndex.open(file)
    cleanup.defer(() => index.close())
    for (const colour of COLOURS.slice(0, 6)) {
      const truth = list.filter((e) => e.favorite && e.files.some((f) => f.look && paletteMatches(f.look.palette, colour))).map((e) => e.id).sort()
      expect(favouritesShowing(index, colour)).toEqual(truth)
    }
  })

  it('follows favourites marked and unmarked, palettes changed and entries removed', async () => {
    const list = paletteEntries(500)
    const file = await indexWith(list)
    const index = LibraryIndex.open(file)
    const rand = rng(9)
    index.transaction(() => {
      for (const [i, e] of list.entries()) {
        if (i % 5 === 0) index.put({ ...e, favorite: !e.favorite })
        else if (i % 7 === 0) index.put({ ...e, files: e.files.map((f) => ({ ...palettePicture(f.index, rand), path: f.path })) })
        else if (i % 11 === 0) index.remove(e.id)
      }
    })
    const marked = list.filter((e, i) => i % 5 === 0 && !e.favorite)
    const colour = COLOURS.find((c) => favouritesShowing(index, c).some((id) => marked.some((e) => e.id === id)))
    expect(colour, 'an entry marked a favourite since is found by its colour').toBeDefined()
    index.close()
    expect(expectSameAnswers(file)).toBeGreaterThan(300)
  })
})

describe('the favourites’ colours table heals', () => {
  const damages: [string, string][] = [
    ['missing', 'DROP TABLE favourite_colours'],
    ['of another shape', 'DROP TABLE favourite_colours; CREATE TABLE favourite_colours(cube TEXT, seq INTEGER)'],
    ['without its index by key', 'DROP INDEX favourite_colours_seq; DELETE FROM favourite_colours']
  ]
  for (const [what, sql] of damages) {
    it(`is made anew at open when ${what}; the filter answers the same meanwhile and once it is filled`, async () => {
      const file = await indexWith(paletteEntries(300))
      let index = LibraryIndex.open(file)
      expect(index.pictures.favouriteColoursReady).toBe(true)
      const expected = COLOURS.map((colour) => favouritesShowing(index, colour))
      index.close()
      const db = new DatabaseSync(file)
      db.exec(sql)
      db.close()
      index = LibraryIndex.open(file)
      cleanup.defer(() => index.close())
      expect(index.pictures.favouriteColoursReady).toBe(false)
      expect(COLOURS.map((colour) => favouritesShowing(index, colour))).toEqual(expected)
      let steps = 0
      while (index.pictures.fillFavouriteColours(40)) steps++
      expect(steps).toBeGreaterThan(2)
      expect(index.pictures.favouriteColoursReady).toBe(true)
      expect(COLOURS.map((colour) => favouritesShowing(index, colour))).toEqual(expected)
      expect(expected.flat().length).toBeGreaterThan(50)
      index.close()
      expect(expectSameAnswers(file)).toBeGreaterThan(200)
    })
  }

  it('takes in favourites marked while it fills', async () => {
    const list = paletteEntries(300)
    const file = await indexWith(list)
    const db = new DatabaseSync(file)
    db.exec('DROP TABLE favourite_colours')
    db.close()
    const index = LibraryIndex.open(file)
    cleanup.defer(() => index.close())
    index.pictures.fillFavouriteColours(100)
    // Marked and unmarked on both sides of where the fill has got to.
    index.transaction(() => list.forEach((e, i) => i % 4 === 0 && index.put({ ...e, favorite: !e.favorite })))
    while (index.pictures.fillFavouriteColours(100));
    index.close()
    expect(expectSameAnswers(file)).toBeGreaterThan(200)
  })
})

describe('a damaged page of the favourites’ colours table', () => {
  it('is damage when a query reads it: the index is set aside, and the user is told in words, not SQLite’s', async () => {
    const file = await indexWith(paletteEntries(700))
    const pages = pagesOf(file, 'favourite_colours')
    expect(pages.length).toBeGreaterThan(2)
    await overwritePages(file, pages.slice(1))
    let told = ''
    const index = LibraryIndex.open(file, (reason) => (told = reason))
    cleanup.defer(() => index.close())
    const answers = COLOURS.map((colour) => {
      try {
        return index.list({ colour, favorite: true, limit: 50 }).total
      } catch (err) {
        return (err as Error).message
      }
    })
    const failed = answers.filter((a): a is string => typeof a === 'string')
    expect(failed.length).toBeGreaterThan(0)
    for (const words of failed) expect(words).toMatch(/index was damaged and is being rebuilt/)
    for (const words of failed) expect(words).not.toMatch(/malformed|SQLITE/i)
    expect(told).not.toBe('')
  })
})
