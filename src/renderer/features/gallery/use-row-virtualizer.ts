// The grid's rows, virtualized: only those near the viewport are drawn. Past the tallest
// canvas a browser lays out (see tall-scroll), the virtualizer keeps working in content
// pixels while the scroller moves through fewer, `scale` content pixels to each; a wheel
// still moves the rows by its own distance (use-scaled-wheel).
import { elementScroll, observeElementOffset, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react'
import { tallScroll, type TallScroll } from './tall-scroll'
import { useScaledWheel } from './use-scaled-wheel'

/** Size assumed before the grid is laid out (and in a test DOM, which lays nothing out). */
const FALLBACK_RECT = { width: 1000, height: 800 }
/** Rows rendered beyond each edge of the viewport, so a fast wheel does not show blanks. */
const OVERSCAN_ROWS = 2

/** The rows' heights: `sizeOf` each, `version` changing whenever any does, `content` all of them. */
export interface RowSizes {
  sizeOf(row: number): number
  version: string
  /** Names the list and geometry: a new one starts afresh, the same one keeps what is on screen in place. */
  list: string
  content: number
}

/** The rows are laid out again, in the same render, whenever `sizes.version` changes (see use-justified-rows). */
export function useRowVirtualizer(scroller: RefObject<HTMLDivElement | null>, rows: number, sizes: RowSizes): { virtualizer: Virtualizer<HTMLDivElement, Element>; tall: TallScroll } {
  // A new key function is what makes the virtualizer lay its rows out again from `sizeOf`.
  const { version } = sizes
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per version is the point
  const getItemKey = useMemo(() => (row: number) => row, [version])
  // Read by the scroll observer, which is set up once: the latest scale, not the first.
  const scale = useRef(1)
  // The compiler leaves this component unmemoized; it re-renders on every scroll step by design.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's getters are read fresh each render
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: sizes.sizeOf,
    getItemKey,
    overscan: OVERSCAN_ROWS,
    initialRect: FALLBACK_RECT,
    observeElementOffset: (instance, report) => observeElementOffset(instance, (offset, scrolling) => report(offset * scale.current, scrolling)),
    scrollToFn: (offset, options, instance) => elementScroll(offset / scale.current, options, instance)
  })
  // The viewport's height as the virtualizer last observed it: reading the scroller's own
  // here, in the middle of drawing, would have the browser lay out the page before its frame.
  const tall = tallScroll(sizes.content, virtualizer.scrollRect?.height || FALLBACK_RECT.height)
  scale.current = tall.scale
  useScaledWheel(scroller, tall.scale)
  useScrollAnchor(scroller, virtualizer, sizes, tall.scale)
  return { virtualizer, tall }
}

/**
 * Rows above the viewport that change height (a page arriving for rows taken at the average)
 * would push what the user is looking at up or down: the scroll position follows them, before
 * the page is painted, so the row at the top of the viewport stays where it was. Past the
 * tallest canvas a new total also changes the scale, which alone would move the rows: the
 * position is set from the content offset, not shifted.
 */
function useScrollAnchor(scroller: RefObject<HTMLDivElement | null>, virtualizer: Virtualizer<HTMLDivElement, Element>, sizes: RowSizes, scale: number): void {
  const anchor = useRef<{ list: string; version: string; row: number; start: number; scale: number } | null>(null)
  useLayoutEffect(() => {
    const was = anchor.current
    let offset = virtualizer.scrollOffset ?? 0
    if (was && was.list === sizes.list && was.version !== sizes.version && offset > 0) {
      const delta = (virtualizer.measurementsCache[was.row]?.start ?? was.start) - was.start
      if (delta !== 0 || was.scale !== scale) {
        offset += delta
        scrollCanvasTo(scroller.current, offset / scale)
      }
    }
    const top = virtualizer.getVirtualItemForOffset(offset)
    anchor.current = top ? { list: sizes.list, version: sizes.version, row: top.index, start: top.start, scale } : null
  })
}

function scrollCanvasTo(el: HTMLElement | null, px: number): void {
  if (el) el.scrollTop = px
}
