// The justified layout's rows for the virtualized grid (see justified-rows): each row's
// height for the virtualizer, remembered once its entries are there, and where each tile
// of a row goes. In the square grid every row is `rowHeight` and tiles are `tileWidth`.
import type { Virtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
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
  entryAt(index: number): LibraryEntry | undefined
}

export interface JustifiedRows {
  /** The row's height for the virtualizer. */
  sizeOf(row: number): number
  /** Where the row's tiles go. */
  place(row: number): RowPlacement
  /** Tells the virtualizer the height of each of `rows` whose entries are all there (once per row). */
  measure(rows: number[], virtualizer: Virtualizer<HTMLDivElement, Element>): void
}

export function useJustifiedRows(input: RowsInput): JustifiedRows {
  const heights = useRef(new RowHeights())
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
  return {
    sizeOf: (row) => (justified ? (heights.current.get(input.key, row) ?? input.rowHeight) : input.rowHeight),
    place,
    measure(rows, virtualizer) {
      if (!justified) return
      for (const row of rows) {
        if (heights.current.get(input.key, row) !== undefined) continue
        const entries = entriesOf(row)
        if (entries.length === 0 || entries.includes(undefined)) continue
        const h = rowHeightOf(place(row).pictureHeight)
        heights.current.set(row, h)
        virtualizer.resizeItem(row, h)
      }
    }
  }
}
