// The pointer on the mask canvas: the left button paints (or erases) a stroke, the middle
// button or the pan tool drags the view, and an outline shows the brush at its size on
// screen. A stroke is drawn live and kept in the mask's history when the button is let go.
import { useRef, useState, type PointerEvent, type RefObject } from 'react'
import type { MaskHistory, MaskPoint } from './mask-history'
import { drawCoverage, type Size } from './mask-raster'
import { useMask } from './mask-store'
import { panBy, toImagePoint, type View } from './mask-view'
import type { PainterTool } from './MaskToolbar'

const TINT = 'rgb(255, 40, 100)'

type Live = { kind: 'paint'; points: MaskPoint[] } | { kind: 'pan'; x: number; y: number }

interface MaskPointerOptions {
  natural: Size | null
  history: MaskHistory | null
  tool: PainterTool
  /** The brush's size in image pixels, and the largest the outline shows. */
  size: number
  maxSize: number
  frameRef: RefObject<HTMLDivElement | null>
  canvasRef: RefObject<HTMLCanvasElement | null>
  setView(change: (v: View) => View): void
}

export function useMaskPointer({ natural, history, tool, size, maxSize, frameRef, canvasRef, setView }: MaskPointerOptions) {
  const live = useRef<Live | null>(null)
  const [brush, setBrush] = useState<{ x: number; y: number; d: number } | null>(null)

  const redraw = () => {
    const ctx = canvasRef.current?.getContext('2d')
    if (!ctx || !natural || !history) return
    const l = live.current
    const ops = l?.kind === 'paint' && tool !== 'pan' ? [...history.done, { type: 'stroke' as const, tool: tool === 'eraser' ? ('eraser' as const) : ('brush' as const), size, points: l.points }] : history.done
    drawCoverage(ctx, ops, natural, TINT)
  }
  const frameSize = () => {
    const r = frameRef.current?.getBoundingClientRect()
    return { width: r?.width ?? 1, height: r?.height ?? 1 }
  }
  const pointAt = (e: PointerEvent<HTMLCanvasElement>) => (natural ? toImagePoint({ x: e.clientX, y: e.clientY }, e.currentTarget.getBoundingClientRect(), natural) : null)
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
  return { redraw, frameSize, brush, hideBrush: () => setBrush(null), onDown, onMove, onUp }
}
