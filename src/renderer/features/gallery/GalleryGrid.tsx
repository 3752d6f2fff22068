// The gallery's grid, virtualized by rows: only the rows near the viewport are in the DOM,
// and the store is asked for just the pages those rows show. Tiles select by click with
// ctrl or shift, by their check boxes, and by sweeping from a check box across others; the
// arrow keys move between tiles. Tiles whose page is on its way
// show a placeholder of the same size, so scrolling never jumps.
import { memo, useCallback, useEffect, useImperativeHandle, useRef, type CSSProperties, type MouseEvent, type Ref } from 'react'
import { useBoards } from '../../stores/boards'
import { useGallerySelection } from '../../stores/gallery-selection'
import { entryAt, LIBRARY_PAGE_SIZE, useLibrary } from '../../stores/library'
import { GalleryItem } from './GalleryItem'
import { TILE_TAGS_MIN_WIDTH } from './EntryTags'
import { GRID_GAP, gridLayout } from './grid-layout'
import { drawnAt } from './tall-scroll'
import { useRowVirtualizer } from './use-row-virtualizer'
import type { GalleryLayout } from './justified-rows'
import { useJustifiedRows } from './use-justified-rows'
import { useElementWidth } from './use-element-width'
import { useGridKeys } from './use-grid-keys'
import { useSweepSelect } from './use-sweep-select'
import { useTranslation } from '../../i18n/page-i18n'

/** Width assumed before the grid is laid out (and in a test DOM, which lays nothing out). */
const FALLBACK_WIDTH = 1000

export interface GalleryGridHandle {
  /** Scrolls the tile at this position into view (the viewer's previous/next). */
  reveal(index: number): void
  /** Scrolls to the tile and focuses it, once it is drawn (the viewer closing on it). */
  focusItem(index: number): void
}

interface GalleryGridProps {
  tileSize: number
  /** Square tiles, or rows that keep each picture's aspect ratio (see justified-rows). */
  layout?: GalleryLayout
  onOpen(index: number): void
  ref?: Ref<GalleryGridHandle>
}

const idAt = (i: number) => entryAt(useLibrary.getState(), i)?.jobId

/** Asks the library for the entries of the rows on screen (and their overscan). */
function useRowsLoaded(firstRow: number, lastRow: number, columns: number, ahead: number): void {
  const total = useLibrary((s) => s.total)
  useEffect(() => {
    void useLibrary.getState().ensureRange(Math.max(0, firstRow * columns - ahead), Math.min(total, (lastRow + 1) * columns + ahead))
  }, [firstRow, lastRow, columns, total, ahead])
}

/** A click opens the tile; with Shift, Ctrl or Cmd it changes the selection instead. */
function activateTile(index: number, e: MouseEvent, onOpen: (index: number) => void): void {
  const toggle = e.ctrlKey || e.metaKey
  if (e.shiftKey || toggle) {
    e.preventDefault()
    useGallerySelection.getState().click(index, { shift: e.shiftKey, toggle }, idAt)
    return
  }
  onOpen(index)
}

// Memoised: a filter's press re-renders the view around it, not a screen of tiles.
export const GalleryGrid = memo(function GalleryGrid({ tileSize, layout = 'grid', onOpen, ref }: GalleryGridProps) {
  const { t } = useTranslation()
  const total = useLibrary((s) => s.total)
  const pages = useLibrary((s) => s.pages)
  const selected = useGallerySelection((s) => s.ids)
  const filters = useLibrary((s) => s.shownFilters)
  const scroller = useRef<HTMLDivElement>(null)
  const width = useElementWidth(scroller, FALLBACK_WIDTH)
  useSweepSelect(scroller)
  const { columns, tileWidth, rowHeight } = gridLayout(width, tileSize)
  const rows = Math.ceil(total / columns)
  // Justified rows depend on the list's entries too; square rows on their height alone.
  const rowKey = layout === 'justified' ? `justified|${JSON.stringify(filters)}|${total}|${width}|${tileSize}` : `grid|${rowHeight}`
  const justified = useJustifiedRows({ layout, key: rowKey, width, columns, tileWidth, rowHeight, total, pageSize: LIBRARY_PAGE_SIZE, pages, entryAt: (i) => entryAt({ pages }, i) })
  const { virtualizer, tall } = useRowVirtualizer(scroller, rows, { sizeOf: justified.sizeOf, version: justified.layoutVersion, list: rowKey, content: justified.totalHeight(rows) })

  // New filters show a new list, from its top, once it is there. A list already at its top
  // is left alone: scrolling it reads the new tiles' layout before their first frame.
  useEffect(() => {
    if ((virtualizer.scrollOffset ?? 0) !== 0) virtualizer.scrollToOffset(0)
  }, [virtualizer, filters])

  const reveal = useCallback((index: number) => virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' }), [virtualizer, columns])
  const focusItem = useCallback(
    (index: number) => {
      reveal(index)
      requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] .gallery-open`)?.focus())
    },
    [reveal]
  )
  useImperativeHandle(ref, () => ({ reveal, focusItem }), [reveal, focusItem])
  useGridKeys(scroller, columns, total, reveal)

  const rowsShown = virtualizer.getVirtualItems()
  // Justified rows ask for half a page more each way, so a row's pictures (and so its height) are there before it shows.
  useRowsLoaded(rowsShown[0]?.index ?? 0, rowsShown.at(-1)?.index ?? 0, columns, layout === 'justified' ? LIBRARY_PAGE_SIZE / 2 : 0)
  const activate = (index: number, e: MouseEvent) => activateTile(index, e, onOpen)

  const offset = virtualizer.scrollOffset ?? 0
  const tiles = []
  for (const row of rowsShown) {
    const top = drawnAt(row.start, offset, tall.scale)
    const placed = justified.place(row.index)
    for (let c = 0; c < columns; c++) {
      const index = row.index * columns + c
      if (index >= total) break
      const entry = entryAt({ pages }, index)
      const at = placed.items[c] ?? { x: c * (tileWidth + GRID_GAP), width: tileWidth, ratio: 1 }
      const style = { width: at.width, transform: `translate(${at.x}px, ${top}px)`, '--pic-ratio': at.ratio } as CSSProperties
      tiles.push(
        entry ? (
          <GalleryItem
            key={entry.jobId}
            entry={entry}
            index={index}
            style={style}
            selected={selected.has(entry.jobId)}
            onActivate={(e) => activate(index, e)}
            onSelect={(shift) => useGallerySelection.getState().click(index, { shift, toggle: true }, idAt)}
            onFavorite={() => void useBoards.getState().setFavorite([entry.jobId], !entry.favorite)}
            showTags={at.width >= TILE_TAGS_MIN_WIDTH}
          />
        ) : (
          <li key={`slot-${index}`} className="gallery-item gallery-slot" style={style} data-index={index} aria-hidden="true" />
        )
      )
    }
  }

  return (
    // The scrolling region takes focus so the keyboard can scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div ref={scroller} className="gallery-scroll" tabIndex={0} role="region" aria-label={t('gallery:view.grid')} data-testid="gallery-grid">
      <ul className={`gallery-canvas${layout === 'justified' ? ' is-justified' : ''}`} data-layout={layout} style={{ height: tall.scale > 1 ? tall.canvas : virtualizer.getTotalSize() }}>
        {tiles}
      </ul>
    </div>
  )
})
