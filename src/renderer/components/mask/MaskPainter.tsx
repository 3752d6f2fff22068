// Paints an inpaint mask over the edit tool's image. Strokes are kept as data in image
// pixels (see mask-history), drawn tinted over the image here, and turned into the
// black-and-white PNG only when the edit is submitted. Mounted per image (keyed by its
// URL), so zoom and brush start afresh with each one.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { isBlank } from './mask-history'
import type { Size } from './mask-raster'
import { useMask } from './mask-store'
import { FIT, zoomAt, type View } from './mask-view'
import { MaskToolbar, type PainterTool } from './MaskToolbar'
import { useMaskUndoKeys } from './use-mask-keys'
import { useMaskPointer } from './use-mask-pointer'
import { useWheelZoom } from './use-wheel-zoom'

/** What the tint means, and when a painting is sent instead of the mask file chosen above. */
function MaskHints({ replacesFile }: { replacesFile: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <p className="mask-hint">{t('tools:mask.hint')}</p>
      {replacesFile ? (
        <p className="mask-hint text-warning" data-testid="mask-replaces-file">
          {t('tools:mask.replacesFile')}
        </p>
      ) : null}
    </>
  )
}

interface BoundToolbarProps {
  tool: PainterTool
  onTool(tool: PainterTool): void
  size: number
  maxSize: number
  onSize(size: number): void
  history: { done: readonly unknown[]; undone: readonly unknown[] } | null
  zoom: number
  onZoom(factor: number): void
  onFit(): void
}

/** The toolbar, its history buttons bound to the mask's store. */
function BoundToolbar({ history, ...p }: BoundToolbarProps) {
  const mask = useMask.getState
  return (
    <MaskToolbar
      {...p}
      canUndo={(history?.done.length ?? 0) > 0}
      canRedo={(history?.undone.length ?? 0) > 0}
      onUndo={() => mask().undo()}
      onRedo={() => mask().redo()}
      onInvert={() => mask().apply({ type: 'invert' })}
      onClear={() => mask().apply({ type: 'clear' })}
    />
  )
}

/** `maskFile` is the URL in the form's mask field, which painting replaces on submit. */
export function MaskPainter({ imageUrl, src, maskFile }: { imageUrl: string; src: string; maskFile: string | null }) {
  const { t } = useTranslation()
  const history = useMask((s) => (s.imageUrl === imageUrl ? s.history : null))
  const ownMask = useMask((s) => s.uploaded?.url ?? null)
  const replacesFile = maskFile !== null && maskFile !== ownMask && history !== null && !isBlank(history.done)
  const [natural, setNatural] = useState<Size | null>(null)
  const [tool, setTool] = useState<PainterTool>('brush')
  const [size, setSize] = useState(24)
  const [view, setView] = useState<View>(FIT)
  const frameRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)

  useEffect(() => useMask.getState().forImage(imageUrl), [imageUrl])

  const maxSize = natural ? Math.max(16, Math.round(Math.max(natural.width, natural.height) / 4)) : 200
  const { redraw, frameSize, brush, hideBrush, onDown, onMove, onUp } = useMaskPointer({ natural, history, tool, size, maxSize, frameRef, canvasRef, setView })
  useEffect(redraw)
  useMaskUndoKeys()

  // The toolbar's buttons zoom about the frame's centre (the wheel zooms about the pointer).
  const zoomBy = (factor: number) => {
    const frame = frameSize()
    setView((v) => zoomAt(v, factor, { x: frame.width / 2, y: frame.height / 2 }, frame))
  }

  useWheelZoom(frameRef, setView, natural)

  const aspect = natural ? natural.width / natural.height : 1
  const toolbar = <BoundToolbar tool={tool} onTool={setTool} size={Math.min(size, maxSize)} maxSize={maxSize} onSize={setSize} history={history} zoom={view.zoom} onZoom={zoomBy} onFit={() => setView(FIT)} />
  return (
    <section className="mask-painter" aria-label={t('tools:mask.painter')} data-testid="mask-painter">
      {toolbar}
      <div ref={frameRef} tabIndex={-1} className="mask-frame" style={{ aspectRatio: `${aspect}`, width: `min(100%, calc(60vh * ${aspect}))` }}>
        <div className="mask-stage" style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}>
          <img
            src={src}
            alt={t('tools:mask.imageAlt')}
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
              onPointerLeave={hideBrush}
              data-testid="mask-canvas"
              data-strokes={history?.done.length ?? 0}
              aria-label={t('tools:mask.canvas')}
            />
          ) : null}
        </div>
        {brush ? <div className="mask-brush" aria-hidden="true" style={{ left: brush.x, top: brush.y, width: brush.d, height: brush.d }} /> : null}
      </div>
      <MaskHints replacesFile={replacesFile} />
    </section>
  )
}
