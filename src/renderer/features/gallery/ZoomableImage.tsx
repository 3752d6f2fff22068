// A picture that zooms (wheel, double-click or the buttons) and pans (drag) inside its
// frame, for checking detail in a generated image at full resolution.
import { useEffect, useRef, useState, type PointerEvent } from 'react'

const MIN = 1
const MAX = 8
const clamp = (v: number) => Math.min(MAX, Math.max(MIN, v))

interface View {
  scale: number
  x: number
  y: number
}
const FIT: View = { scale: 1, x: 0, y: 0 }

export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const [view, setView] = useState<View>(FIT)
  const frame = useRef<HTMLDivElement>(null)
  const drag = useRef<{ x: number; y: number; from: View } | null>(null)

  // React's wheel listeners are passive; zooming must keep the page from scrolling.
  useEffect(() => {
    const el = frame.current
    if (!el) return
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      setView((v) => {
        const scale = clamp(v.scale * (e.deltaY < 0 ? 1.2 : 1 / 1.2))
        return scale === 1 ? FIT : { ...v, scale }
      })
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [])

  const zoomBy = (factor: number) => setView((v) => (clamp(v.scale * factor) === 1 ? FIT : { ...v, scale: clamp(v.scale * factor) }))
  const onPointerDown = (e: PointerEvent) => {
    if (view.scale === 1) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { x: e.clientX, y: e.clientY, from: view }
  }
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current
    if (!d) return
    setView({ ...d.from, x: d.from.x + (e.clientX - d.x) / d.from.scale, y: d.from.y + (e.clientY - d.y) / d.from.scale })
  }

  return (
    <div className="zoom">
      <div
        ref={frame}
        className={`zoom-frame${view.scale > 1 ? ' is-zoomed' : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onDoubleClick={() => setView((v) => (v.scale > 1 ? FIT : { ...v, scale: 2 }))}
      >
        <img
          className="media-full"
          data-testid="gallery-media"
          src={src}
          alt={alt}
          draggable={false}
          style={{ transform: `scale(${view.scale}) translate(${view.x}px, ${view.y}px)` }}
        />
      </div>
      <div className="zoom-controls" role="group" aria-label="Zoom">
        <button type="button" className="icon-btn" aria-label="Zoom out" onClick={() => zoomBy(1 / 1.5)} disabled={view.scale === 1}>
          −
        </button>
        <span className="zoom-level" data-testid="zoom-level">
          {Math.round(view.scale * 100)}%
        </span>
        <button type="button" className="icon-btn" aria-label="Zoom in" onClick={() => zoomBy(1.5)} disabled={view.scale === MAX}>
          +
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setView(FIT)} disabled={view.scale === 1}>
          Fit
        </button>
      </div>
    </div>
  )
}
