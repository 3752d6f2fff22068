// The grid's rows, virtualized: only those near the viewport are drawn. Past the tallest
// canvas a browser lays out (see tall-scroll), the virtualizer keeps working in content
// pixels while the scroller moves through fewer, `scale` content pixels to each; a wheel
// still moves the rows by its own distance (use-scaled-wheel).
import { elementScroll, observeElementOffset, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { useRef, type RefObject } from 'react'
import { tallScroll, type TallScroll } from './tall-scroll'
import { useScaledWheel } from './use-scaled-wheel'

/** Size assumed before the grid is laid out (and in a test DOM, which lays nothing out). */
const FALLBACK_RECT = { width: 1000, height: 800 }
/** Rows rendered beyond each edge of the viewport, so a fast wheel does not show blanks. */
const OVERSCAN_ROWS = 2

/** `sizeOf` gives a row's height (all `rowHeight` in the square grid; see use-justified-rows). */
export function useRowVirtualizer(scroller: RefObject<HTMLDivElement | null>, rows: number, rowHeight: number, sizeOf: (row: number) => number = () => rowHeight): { virtualizer: Virtualizer<HTMLDivElement, Element>; tall: TallScroll } {
  const tall = tallScroll(rows * rowHeight, scroller.current?.clientHeight || FALLBACK_RECT.height)
  // Read by the scroll observer, which is set up once: the latest scale, not the first.
  const scale = useRef(tall.scale)
  scale.current = tall.scale
  // The compiler leaves this component unmemoized; it re-renders on every scroll step by design.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual's getters are read fresh each render
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: sizeOf,
    overscan: OVERSCAN_ROWS,
    initialRect: FALLBACK_RECT,
    observeElementOffset: (instance, report) => observeElementOffset(instance, (offset, scrolling) => report(offset * scale.current, scrolling)),
    scrollToFn: (offset, options, instance) => elementScroll(offset / scale.current, options, instance)
  })
  useScaledWheel(scroller, tall.scale)
  return { virtualizer, tall }
}
