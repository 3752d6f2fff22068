// The justified layout: each row holds as many items as the square grid's (so an item's
// row is still its index divided by the columns, and the grid stays virtualized by rows
// at any size), but each picture keeps its aspect ratio: the row is as tall as makes its
// pictures, side by side, fill the width. A row of very wide or very tall pictures is kept
// within 0.6× and 1.6× the square tile (then it does not quite fill the width). A row is
// measured once its entries are there and remembered, so a page leaving the cache far
// above does not change the rows' heights under the user; a row not there yet is taken at
// the measured rows' average.
import type { LibraryEntry } from '../../../shared/app/views'
import { primaryFile } from '../../components/entries/entry-media'
import { CAPTION_HEIGHT, GRID_GAP } from './grid-layout'

export type GalleryLayout = 'grid' | 'justified'

/** Aspect ratios kept within these bounds, so a panorama or a strip stays a picture. */
const MIN_RATIO = 0.4
const MAX_RATIO = 3
const MIN_ROW = 0.6
const MAX_ROW = 1.6

/** Width over height of an entry's picture; 1 when not known (music, a file not saved yet). */
export function aspectOf(entry: LibraryEntry | undefined): number {
  const f = entry ? primaryFile(entry) : undefined
  const r = f?.width && f.height ? f.width / f.height : 1
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, r))
}

export interface RowPlacement {
  /** The pictures' height in the row. */
  pictureHeight: number
  /** Each item's left edge and width, in column order. */
  items: { x: number; width: number; ratio: number }[]
}

/** Places one row of pictures of these ratios across `width`, near `tileWidth` tall. */
export function placeRow(ratios: number[], width: number, tileWidth: number, gap = GRID_GAP): RowPlacement {
  const room = width - gap * Math.max(0, ratios.length - 1)
  const sum = ratios.reduce((a, b) => a + b, 0) || 1
  const pictureHeight = Math.min(tileWidth * MAX_ROW, Math.max(tileWidth * MIN_ROW, room / sum))
  let x = 0
  const items = ratios.map((ratio) => {
    const w = pictureHeight * ratio
    const item = { x, width: w, ratio }
    x += w + gap
    return item
  })
  return { pictureHeight, items }
}

/** A row's full height: its pictures, their captions and the gap below. */
export const rowHeightOf = (pictureHeight: number): number => Math.round(pictureHeight + CAPTION_HEIGHT + GRID_GAP)

/**
 * Row heights remembered for one list at one width: `key` names the filters, the width and
 * the tile size, and a new key starts afresh.
 */
export class RowHeights {
  #key = ''
  #heights = new Map<number, number>()
  #sum = 0
  #count = 0

  /** The row's height if it was measured for `key`. */
  get(key: string, row: number): number | undefined {
    if (key !== this.#key) {
      this.#key = key
      this.#heights = new Map()
      this.#sum = 0
      this.#count = 0
    }
    return this.#heights.get(row)
  }

  set(row: number, height: number): void {
    const before = this.#heights.get(row)
    this.#heights.set(row, height)
    this.#sum += height - (before ?? 0)
    if (before === undefined) this.#count++
  }

  /** The rows' average height, rounded to a pixel, once any row is known. */
  average(): number | undefined {
    return this.#count === 0 ? undefined : Math.round(this.#sum / this.#count)
  }

  /** The height of `rows` rows (all of the key's list): the known ones as they are, the rest at `estimate`. */
  totalOf(rows: number, estimate: number): number {
    return this.#sum + Math.max(0, rows - this.#count) * estimate
  }
}
