// Draws a mask's actions onto a 2D context at the image's own resolution. The covered
// area is drawn in one colour on a transparent canvas: the painter shows it tinted over
// the image, and the PNG sent with an edit fills the rest black (white = repaint,
// black = keep, the convention for inpaint masks).
import { visibleOps, type MaskOp } from './mask-history'

/** The part of CanvasRenderingContext2D the mask needs, so tests can record the calls. */
export interface MaskContext {
  globalCompositeOperation: string
  fillStyle: string | CanvasGradient | CanvasPattern
  strokeStyle: string | CanvasGradient | CanvasPattern
  lineWidth: number
  lineCap: CanvasLineCap
  lineJoin: CanvasLineJoin
  clearRect(x: number, y: number, w: number, h: number): void
  fillRect(x: number, y: number, w: number, h: number): void
  beginPath(): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  arc(x: number, y: number, r: number, start: number, end: number): void
  stroke(): void
  fill(): void
}

export interface Size {
  width: number
  height: number
}

export function drawCoverage(ctx: MaskContext, ops: readonly MaskOp[], size: Size, color: string): void {
  ctx.globalCompositeOperation = 'source-over'
  ctx.clearRect(0, 0, size.width, size.height)
  ctx.fillStyle = color
  ctx.strokeStyle = color
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  for (const op of visibleOps(ops)) {
    if (op.type === 'invert') {
      // XOR with a full-size fill turns covered into clear and clear into covered.
      ctx.globalCompositeOperation = 'xor'
      ctx.fillRect(0, 0, size.width, size.height)
    } else if (op.type === 'stroke') {
      ctx.globalCompositeOperation = op.tool === 'brush' ? 'source-over' : 'destination-out'
      drawStroke(ctx, op.points, op.size)
    }
  }
  ctx.globalCompositeOperation = 'source-over'
}

/** The mask as sent: white where painted, black everywhere else, with no transparency. */
export function drawMaskImage(ctx: MaskContext, ops: readonly MaskOp[], size: Size): void {
  drawCoverage(ctx, ops, size, '#ffffff')
  ctx.globalCompositeOperation = 'destination-over'
  ctx.fillStyle = '#000000'
  ctx.fillRect(0, 0, size.width, size.height)
  ctx.globalCompositeOperation = 'source-over'
}

function drawStroke(ctx: MaskContext, points: readonly { x: number; y: number }[], size: number): void {
  const [first, ...rest] = points
  if (!first) return
  // A click without a drag still leaves a dot.
  if (rest.length === 0) {
    ctx.beginPath()
    ctx.arc(first.x, first.y, size / 2, 0, Math.PI * 2)
    ctx.fill()
    return
  }
  ctx.lineWidth = size
  ctx.beginPath()
  ctx.moveTo(first.x, first.y)
  for (const p of rest) ctx.lineTo(p.x, p.y)
  ctx.stroke()
}
