// A picture that zooms (wheel, double-click or the buttons) and pans (drag) inside its
// frame, for checking detail in a generated image at full resolution. It keeps its own
// view unless given one (`view` and `onViewChange`), as Compare does to move several
// pictures together.
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { FIT, panBy, transformOf, ZOOM_MAX, zoomBy, type ZoomView } from './zoom-view'

interface Props {
  src: string
  alt: string
  /** The view to show; when given, changes are only reported through onViewChange. */
  view?: ZoomView
  onViewChange?(view: ZoomView): void
}

export function ZoomableImage({ src, alt, view: shared, onViewChange }: Props) {
  const { t } = useTranslation()
  const [own, setOwn] = useState<ZoomView>(FIT)
  const view = shared ?? own
  const frame = useRef<HTMLDivElement>(null)
  const drag = useRef<{ x: number; y: number; from: ZoomView } | null>(null)
  // The wheel listener is attached once; it reads the latest view and callback from here.
  const latest = useRef({ view, onViewChange, controlled: shared !== undefined })
  useEffect(() => {
    latest.current = { view, onViewChange, controlled: shared !== undefined }
  })

  const change = (next: ZoomView) => {
    const { onViewChange: report, controlled } = latest.current
    latest.current = { ...latest.current, view: next }
    if (!controlled) setOwn(next)
    report?.(next)
  }
  const changeRef = useRef(change)
  useEffect(() => {
    changeRef.current = change
  })

  // React's wheel listeners are passive; zooming must keep the page from scrolling.
  // Attached as the frame is put on screen, not an effect later: a wheel turned at once
  // (or a picture swapped in as the dialog fills) would otherwise go to the page.
  useLayoutEffect(() => {
    const el = frame.current
    if (!el) return
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      changeRef.current(zoomBy(latest.current.view, e.deltaY < 0 ? 1.2 : 1 / 1.2))
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [])

  const onPointerDown = (e: PointerEvent) => {
    if (view.scale === 1) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { x: e.clientX, y: e.clientY, from: view }
  }
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current
    if (!d) return
    change(panBy(d.from, e.clientX - d.x, e.clientY - d.y))
  }

  return (
    <div className="zoom">
      <div
        ref={frame}
        className={`zoom-frame${view.scale > 1 ? ' is-zoomed' : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onDoubleClick={() => change(view.scale > 1 ? FIT : { ...view, scale: 2 })}
      >
        <img className="media-full" data-testid="gallery-media" src={src} alt={alt} draggable={false} style={{ transform: transformOf(view) }} />
      </div>
      <div className="zoom-controls" role="group" aria-label={t('results:media.zoomControls')}>
        <button type="button" className="icon-btn" aria-label={t('results:media.zoomOut')} onClick={() => change(zoomBy(view, 1 / 1.5))} disabled={view.scale === 1}>
          −
        </button>
        <span className="zoom-level" data-testid="zoom-level">
          {t('results:media.zoomLevel', { scale: view.scale })}
        </span>
        <button type="button" className="icon-btn" aria-label={t('results:media.zoomIn')} onClick={() => change(zoomBy(view, 1.5))} disabled={view.scale === ZOOM_MAX}>
          +
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => change(FIT)} disabled={view.scale === 1}>
          {t('results:media.fit')}
        </button>
      </div>
    </div>
  )
}
