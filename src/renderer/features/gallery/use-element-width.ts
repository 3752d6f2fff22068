// The content width of an element, kept current as the window or the sidebar resizes.
import { useLayoutEffect, useState, type RefObject } from 'react'

export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    // A element not laid out (a test DOM, a hidden view) reports 0; keep the fallback then.
    const read = () => setWidth(el.clientWidth > 0 ? el.clientWidth : fallback)
    read()
    const observer = new ResizeObserver(read)
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, fallback])
  return width
}
