// The results' own scroller reaches down to the window's bottom edge, wherever the panels
// above it end, so a whole group (its grid and its actions) is in view at once. Below the
// fold (one column, narrow windows) it takes a window's height, to scroll into view.
import { useEffect, useState, type RefObject } from 'react'

/** Below this the list is too short to show a group; the page scrolls instead. */
const MIN_HEIGHT = 320
const BOTTOM_GAP = 8

export function fillHeight(top: number, windowHeight: number): number {
  const fromTop = top >= 0 && top < windowHeight - MIN_HEIGHT ? windowHeight - top : windowHeight
  return Math.max(MIN_HEIGHT, Math.floor(fromTop - BOTTOM_GAP))
}

export function useFillHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(() => fillHeight(0, typeof window === 'undefined' ? 800 : window.innerHeight))
  useEffect(() => {
    const el = ref.current
    if (!el) return
    let frame = 0
    const measure = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => setHeight(fillHeight(el.getBoundingClientRect().top, window.innerHeight)))
    }
    measure()
    // The panels above grow and shrink (a price, a warning), the page scrolls the sticky side column.
    const observer = new ResizeObserver(measure)
    if (el.parentElement) observer.observe(el.parentElement)
    window.addEventListener('resize', measure)
    window.addEventListener('scroll', measure, { capture: true, passive: true })
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      window.removeEventListener('resize', measure)
      window.removeEventListener('scroll', measure, { capture: true })
    }
  }, [ref])
  return height
}
