// Rasterising replays the mask's actions at the image's natural size; a recording context
// stands in for the canvas (the pixels themselves are checked in Chromium end to end).
import { describe, expect, it } from 'vitest'
import type { MaskOp } from '../../../../src/renderer/components/mask/mask-history'
import { drawCoverage, drawMaskImage, type MaskContext } from '../../../../src/renderer/components/mask/mask-raster'

function recorder() {
  const calls: string[] = []
  const ctx: MaskContext = {
    globalCompositeOperation: 'source-over',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    clearRect: (...a) => calls.push(`clearRect ${a.join(',')}`),
    fillRect: (...a) => calls.push(`fillRect ${a.join(',')} ${ctx.globalCompositeOperation} ${String(ctx.fillStyle)}`),
    beginPath: () => calls.push('beginPath'),
    moveTo: (x, y) => calls.push(`moveTo ${x},${y}`),
    lineTo: (x, y) => calls.push(`lineTo ${x},${y}`),
    arc: (x, y, r) => calls.push(`arc ${x},${y} r${r}`),
    stroke: () => calls.push(`stroke w${ctx.lineWidth} ${ctx.globalCompositeOperation}`),
    fill: () => calls.push(`fill ${ctx.globalCompositeOperation}`)
  }
  return { ctx, calls }
}

const size = { width: 640, height: 480 }

describe('mask rasterising', () => {
  it('paints brush strokes, cuts eraser strokes out and inverts over the whole image', () => {
    const ops: MaskOp[] = [
      { type: 'stroke', tool: 'brush', size: 30, points: [{ x: 10, y: 10 }, { x: 100, y: 40 }] },
      { type: 'stroke', tool: 'eraser', size: 8, points: [{ x: 50, y: 25 }] },
      { type: 'invert' }
    ]
    const { ctx, calls } = recorder()
    drawCoverage(ctx, ops, size, 'red')
    expect(calls).toEqual([
      'clearRect 0,0,640,480',
      'beginPath', 'moveTo 10,10', 'lineTo 100,40', 'stroke w30 source-over',
      // A click without a drag leaves a dot of the brush's size.
      'beginPath', 'arc 50,25 r4', 'fill destination-out',
      'fillRect 0,0,640,480 xor red'
    ])
    expect(ctx.globalCompositeOperation).toBe('source-over')
  })

  it('skips what a clear wiped out', () => {
    const { ctx, calls } = recorder()
    drawCoverage(ctx, [{ type: 'stroke', tool: 'brush', size: 5, points: [{ x: 1, y: 1 }] }, { type: 'clear' }], size, 'red')
    expect(calls).toEqual(['clearRect 0,0,640,480'])
  })

  it('sends white on black: the paint in white, then black behind everything else', () => {
    const { ctx, calls } = recorder()
    drawMaskImage(ctx, [{ type: 'stroke', tool: 'brush', size: 5, points: [{ x: 1, y: 1 }, { x: 2, y: 2 }] }], size)
    expect(calls.at(-2)).toBe('stroke w5 source-over')
    expect(calls.at(-1)).toBe('fillRect 0,0,640,480 destination-over #000000')
    expect(String(ctx.strokeStyle)).toBe('#ffffff')
  })
})
