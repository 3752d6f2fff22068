// The justified layout's rows for the virtualized grid (see justified-rows): each row's
// height is worked out from its pictures' ratios while the page is drawn, as soon as its
// entries are there (pages are asked for ahead of the viewport, so a row usually has its
// height before it is first shown), and a row not there yet is given the known rows'
// average. `layoutVersion` changes whenever a height does, and the virtualizer lays all rows
// out again from `sizeOf` in that same render: no row is drawn at one height and resized
// after it shows. In the square grid every row is `rowHeight` and tiles are `tileWidth`.
import { useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { GRID_GAP } from './grid-layout'
import { aspectOf, placeRow, rowHeightOf, RowHeights, type GalleryLayout, type RowPlacement } from './justified-rows'

interface RowsInput {
  layout: GalleryLayout
  /** Names the list and the geometry: the filters, the count, the width and the tile size. */
  key: string
  width: number
  columns: number
  tileWidth: number
  rowHeight: number
  total: number
  pageSize: number
  /** The cached pages by number (the library store's `pages`). */
  pages: Record<number, LibraryEntry[]>
  entryAt(index: number): LibraryEntry | undefined
}

export interface JustifiedRows {
  /** The row's height for the virtualizer. */
  sizeOf(row: number): number
  /** Where the row's tiles go. */
  place(row: number): RowPlacement
  /** Changes whenever a row's height does (a new list, geometry or page). */
  layoutVersion: string
  /** The height of all `rows`, those not there yet at the average. */
  totalHeight(rows: number): number
}

/** The rows holding any entry of page `page`. */
function rowsOfPage(page: number, pageSize: number, columns: number): [number, number] {
  return [Math.floor((page * pageSize) / columns), Math.floor(((page + 1) * pageSize - 1) / columns)]
}

/** The rows' heights for one list, read from each cached page once (a page replaced by an update is a new array and read again). */
class RowModel {
  readonly heights = new RowHeights()
  #key = ''
  #pages = new WeakSet<LibraryEntry[]>()
  version = 0

  /** Works out the height of each complete row of the pages not read yet. */
  read(input: RowsInput, heightOf: (row: number) => number | undefined): void {
    if (this.#key !== input.key) {
      this.#key = input.key
      this.#pages = new WeakSet()
      this.heights.get(input.key, 0) // starts the new list's heights afresh
      this.version++
    }
    for (const [n, page] of Object.entries(input.pages)) {
      if (this.#pages.has(page)) continue
      this.#pages.add(page)
      const [from, to] = rowsOfPage(Number(n), input.pageSize, input.columns)
      for (let row = from; row <= to; row++) {
        if (this.heights.get(input.key, row) !== undefined) continue
        const h = heightOf(row)
        if (h === undefined) continue
        this.heights.set(row, h)
        this.version++
      }
    }
  }
}

export function useJustifiedRows(input: RowsInput): JustifiedRows {
  const [model] = useState(() => new RowModel())
  const justified = input.layout === 'justified'
  const entriesOf = (row: number) => {
    const first = row * input.columns
    return Array.from({ length: Math.max(0, Math.min(input.columns, input.total - first)) }, (_, c) => input.entryAt(first + c))
  }
  const place = (row: number): RowPlacement => {
    const entries = entriesOf(row)
    if (!justified) return { pictureHeight: input.tileWidth, items: entries.map((_, c) => ({ x: c * (input.tileWidth + GRID_GAP), width: input.tileWidth, ratio: 1 })) }
    return placeRow(entries.map(aspectOf), input.width, input.tileWidth)
  }
  if (!justified) return { sizeOf: () => input.rowHeight, place, layoutVersion: input.key, totalHeight: (rows) => rows * input.rowHeight }
  model.read(input, (row) => {
    const entries = entriesOf(row)
    return entries.length === 0 || entries.includes(undefined) ? undefined : rowHeightOf(place(row).pictureHeight)
  })
  const estimate = model.heights.average() ?? input.rowHeight
  return {
    sizeOf: (row) => model.heights.get(input.key, row) ?? estimate,
    place,
    layoutVersion: `${input.key}|${model.version}`,
    totalHeight: (rows) => model.heights.totalOf(rows, estimate)
  }
}
