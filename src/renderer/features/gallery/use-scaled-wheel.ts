// A wheel or a trackpad over a scaled grid (see tall-scroll) moves the rows as far as it
// would over any other list. The browser scrolls the canvas by the wheel's pixels, and
// past a million entries each canvas pixel is several rows' pixels: one notch would skip
// three screens. Here the wheel's distance is taken in rows' pixels instead.
import { useLayoutEffect, type RefObject } from 'react'

/** Pixels of a "line" when a wheel reports lines (Firefox's mice, some Linux setups). */
const LINE_PX = 40

/** The wheel's vertical distance in pixels, whatever unit it came in. */
export function wheelPixels(e: Pick<WheelEvent, 'deltaY' | 'deltaMode'>, pageHeight: number): number {
  if (e.deltaMode === WheelEvent.DOM_DELTA_LINE) return e.deltaY * LINE_PX
  if (e.deltaMode === WheelEvent.DOM_DELTA_PAGE) return e.deltaY * pageHeight
  return e.deltaY
}

/** While `scale` (rows' pixels per canvas pixel) is above 1, scrolls `scroller` by the wheel's distance in rows' pixels. */
export function useScaledWheel(scroller: RefObject<HTMLElement | null>, scale: number): void {
  // From the frame the scaled grid is drawn in: a wheel in between would go the canvas's way.
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el || scale <= 1) return
    // The canvas moves by whole pixels: what is left of each step is kept for the next.
    let carried = 0
    const onWheel = (e: WheelEvent) => {
      // Ctrl with the wheel zooms the page; a sideways wheel is the browser's.
      if (e.ctrlKey || e.deltaY === 0) return
      e.preventDefault()
      const wanted = wheelPixels(e, el.clientHeight) / scale + carried
      const step = Math.trunc(wanted)
      carried = wanted - step
      if (step === 0) return
      const before = el.scrollTop
      el.scrollTop = before + step
      // At either end there is nothing to carry.
      if (el.scrollTop === before) carried = 0
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [scroller, scale])
}
