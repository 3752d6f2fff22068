// The wheel zooms the mask's view about the pointer. It needs a listener that may cancel
// the page's scroll, which React's (passive) wheel handler cannot.
import { useEffect, type RefObject } from 'react'
import { zoomAt, type View } from './mask-view'

/** `resetKey` re-attaches the listener when the frame is drawn anew (a new image's size). */
export function useWheelZoom(frameRef: RefObject<HTMLDivElement | null>, setView: (change: (v: View) => View) => void, resetKey: unknown): void {
  useEffect(() => {
    const frame = frameRef.current
    if (!frame) return
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const r = frame.getBoundingClientRect()
      setView((v) => zoomAt(v, e.deltaY < 0 ? 1.2 : 1 / 1.2, { x: e.clientX - r.left, y: e.clientY - r.top }, { width: r.width, height: r.height }))
    }
    frame.addEventListener('wheel', onWheel, { passive: false })
    return () => frame.removeEventListener('wheel', onWheel)
  }, [frameRef, setView, resetKey])
}
