// The justified layout keeps each picture's aspect ratio and fills the row's width, within
// bounds that keep a row of panoramas or strips a row of pictures.
import { describe, expect, it } from 'vitest'
import { aspectOf, placeRow } from '../../../../src/renderer/features/gallery/justified-rows'
import { libraryEntry } from '../fixtures'

const GAP = 14
const picture = (width: number, height: number) => libraryEntry({ files: [{ index: 0, role: 'image', url: null, path: 'files/a/0.png', thumbnail: null, state: 'saved', lostReason: null, bytes: 1, sha256: null, mime: 'image/png', width, height, durationSeconds: null }] })

describe('justified rows', () => {
  it('gives each picture its own aspect ratio, one height across the row, filling the width', () => {
    const ratios = [16 / 9, 1, 2 / 3, 4 / 3]
    const row = placeRow(ratios, 1000, 200, GAP)
    row.items.forEach((item, i) => expect(item.width / row.pictureHeight).toBeCloseTo(ratios[i]!, 6))
    const last = row.items.at(-1)!
    expect(last.x + last.width).toBeCloseTo(1000, 6)
    row.items.slice(1).forEach((item, i) => expect(item.x).toBeCloseTo(row.items[i]!.x + row.items[i]!.width + GAP, 6))
  })

  it('keeps a row of panoramas within 0.6× the tile, and a row of strips within 1.6×', () => {
    expect(placeRow([3, 3, 3, 3], 800, 200, GAP).pictureHeight).toBe(120)
    expect(placeRow([0.4], 1000, 200, GAP).pictureHeight).toBe(320)
  })

  it('reads the ratio from the picture, and takes a square when it is not known', () => {
    expect(aspectOf(picture(1920, 1080))).toBeCloseTo(16 / 9)
    expect(aspectOf(picture(100, 10_000))).toBe(0.4)
    expect(aspectOf(libraryEntry({ modality: 'music' }))).toBe(1)
    expect(aspectOf(undefined)).toBe(1)
  })
})
