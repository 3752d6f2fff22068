// Paints an inpaint mask over the edit tool's image. Strokes are kept as data in image
// pixels (see mask-history), drawn tinted over the image here, and turned into the
// black-and-white PNG only when the edit is submitted. Mounted per image (keyed by its
// URL), so zoom and brush start afresh with each one.
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { isBlank, type MaskPoint } from './mask-history'
import { drawCoverage, type Size } from './mask-raster'
import { useMask } from './mask-store'
import { FIT, panBy, toImagePoint, zoomAt, type View } from './mask-view'
import { MaskToolbar, type PainterTool } from './MaskToolbar'

const TINT = 'rgb(255, 40, 100)'

/** Ctrl/Cmd+Z typed into the prompt undoes text, not paint. */
const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/** `maskFile` is the URL in the form's mask field, which painting replaces on submit. */
export function MaskPainter({ imageUrl, src, maskFile }: { imageUrl: string; src: string; maskFile: string | null }) {
  const history = useMask((s) => (s.imageUrl === imageUrl ? s.history : null))
  const ownMask = useMask((s) => s.uploaded?.url ?? null)
  const replacesFile = maskFile !== null && maskFile !== ownMask && history !== null && !isBlank(history.done)
  const [natural, setNatural] = useState<Size | null>(null)
  const [tool, setTool] = useState<PainterTool>('brush')
  const [size, setSize] = useState(24)
  const [view, setView] = useState<View>(FIT)
  const frameRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const live = useRef<{ kind: 'paint'; points: MaskPoint[] } | { kind: 'pan'; x: number; y: number } | null>(null)

  useEffect(() => {
    useMask.getState().forImage(imageUrl)
  }, [imageUrl])

  const maxSize = natural ? Math.max(16, Math.round(Math.max(natural.width, natural.height) / 4)) : 200
  const redraw = () => {
    const ctx = canvasRef.current?.getContext('2d')
    if (!ctx || !natural || !history) return
    const l = live.current
    const ops = l?.kind === 'paint' && tool !== 'pan' ? [...history.done, { type: 'stroke' as const, tool: tool === 'eraser' ? ('eraser' as const) : ('brush' as const), size, points: l.points }] : history.done
    drawCoverage(ctx, ops, natural, TINT)
  }
  useEffect(redraw)

  const frameSize = () => {
    const r = frameRef.current?.getBoundingClientRect()
    return { width: r?.width ?? 1, height: r?.height ?? 1 }
  }
  const zoomBy = (factor: number, at?: { x: number; y: number }) => {
    const frame = frameSize()
    setView((v) => zoomAt(v, factor, at ?? { x: frame.width / 2, y: frame.height / 2 }, frame))
  }

  // Wheel zoom needs a listener that may cancel the page's scroll (React's is passive).
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
  }, [natural])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTyping(e.target)) return
      const key = e.key.toLowerCase()
      if (key === 'z' || key === 'y') {
        e.preventDefault()
        if (e.shiftKey || key === 'y') useMask.getState().redo()
        else useMask.getState().undo()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const pointAt = (e: PointerEvent<HTMLCanvasElement>) => (natural ? toImagePoint({ x: e.clientX, y: e.clientY }, e.currentTarget.getBoundingClientRect(), natural) : null)

  // An outline of the brush under the pointer, at its size on screen (zoom included).
  const [brush, setBrush] = useState<{ x: number; y: number; d: number } | null>(null)
  const showBrush = (e: PointerEvent<HTMLCanvasElement>) => {
    const frame = frameRef.current?.getBoundingClientRect()
    const box = e.currentTarget.getBoundingClientRect()
    if (!frame || !natural || tool === 'pan') return setBrush(null)
    setBrush({ x: e.clientX - frame.left, y: e.clientY - frame.top, d: (Math.min(size, maxSize) * box.width) / natural.width })
  }

  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 && e.button !== 1) return
    e.preventDefault()
    e.currentTarget.setPointerCapture(e.pointerId)
    // Painting takes focus from the prompt, so Ctrl/Cmd+Z next undoes the paint.
    frameRef.current?.focus({ preventScroll: true })
    if (e.button === 1 || tool === 'pan') {
      live.current = { kind: 'pan', x: e.clientX, y: e.clientY }
      return
    }
    const p = pointAt(e)
    if (p) live.current = { kind: 'paint', points: [p] }
    redraw()
  }
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    showBrush(e)
    const l = live.current
    if (!l) return
    if (l.kind === 'pan') {
      setView((v) => panBy(v, e.clientX - l.x, e.clientY - l.y, frameSize()))
      live.current = { kind: 'pan', x: e.clientX, y: e.clientY }
      return
    }
    const p = pointAt(e)
    const last = l.points.at(-1)
    if (p && (!last || Math.hypot(p.x - last.x, p.y - last.y) >= 0.5)) {
      l.points.push(p)
      redraw()
    }
  }
  const onUp = () => {
    const l = live.current
    live.current = null
    if (l?.kind === 'paint' && tool !== 'pan') useMask.getState().apply({ type: 'stroke', tool, size, points: l.points })
  }

  const aspect = natural ? natural.width / natural.height : 1
  return (
    <section className="mask-painter" aria-label="Mask painter" data-testid="mask-painter">
      <MaskToolbar
        tool={tool}
        onTool={setTool}
        size={Math.min(size, maxSize)}
        maxSize={maxSize}
        onSize={setSize}
        canUndo={(history?.done.length ?? 0) > 0}
        canRedo={(history?.undone.length ?? 0) > 0}
        onUndo={() => useMask.getState().undo()}
        onRedo={() => useMask.getState().redo()}
        onInvert={() => useMask.getState().apply({ type: 'invert' })}
        onClear={() => useMask.getState().apply({ type: 'clear' })}
        zoom={view.zoom}
        onZoom={(f) => zoomBy(f)}
        onFit={() => setView(FIT)}
      />
      <div ref={frameRef} tabIndex={-1} className="mask-frame" style={{ aspectRatio: `${aspect}`, width: `min(100%, calc(60vh * ${aspect}))` }}>
        <div className="mask-stage" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}>
          <img
            src={src}
            alt="The input under the mask"
            draggable={false}
            onLoad={(e) => {
              const n = { width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight }
              setNatural(n)
              setSize(Math.max(4, Math.round(Math.max(n.width, n.height) / 24)))
            }}
          />
          {natural ? (
            <canvas
              ref={canvasRef}
              className={`mask-layer is-${tool}`}
              width={natural.width}
              height={natural.height}
              onPointerDown={onDown}
              onPointerMove={onMove}
              onPointerUp={onUp}
              onPointerCancel={onUp}
              onPointerLeave={() => setBrush(null)}
              data-testid="mask-canvas"
              data-strokes={history?.done.length ?? 0}
              aria-label="Mask: paint over what should be repainted"
            />
          ) : null}
        </div>
        {brush ? <div className="mask-brush" aria-hidden="true" style={{ left: brush.x, top: brush.y, width: brush.d, height: brush.d }} /> : null}
      </div>
      <p className="mask-hint">Tinted areas are repainted; the rest is kept. Scroll to zoom.</p>
      {replacesFile ? (
        <p className="mask-hint text-warning" data-testid="mask-replaces-file">
          Your painting is sent as the mask, instead of the mask file above. Clear the painting to send the file.
        </p>
      ) : null}
    </section>
  )
}
