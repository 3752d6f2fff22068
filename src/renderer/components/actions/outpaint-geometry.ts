// Where the image sits on the canvas an outpaint produces, for each `outpaint` option.
// The service does not state its margins; these are the common ones (zooming out by the
// named factor, squaring by the longer side, half the image again on one side).
import type { OUTPAINT_MODES } from '../../../shared/api/families/image-tools'

export type OutpaintMode = (typeof OUTPAINT_MODES)[number]

export interface OutpaintLayout {
  /** The new canvas, in image pixels. */
  width: number
  height: number
  /** The original image's place on it. */
  left: number
  top: number
}

export function outpaintLayout(mode: OutpaintMode, image: { width: number; height: number }): OutpaintLayout {
  const { width: w, height: h } = image
  const centred = (cw: number, ch: number): OutpaintLayout => ({ width: cw, height: ch, left: (cw - w) / 2, top: (ch - h) / 2 })
  switch (mode) {
    case 'Zoom out 1.5x':
      return centred(Math.round(w * 1.5), Math.round(h * 1.5))
    case 'Zoom out 2x':
      return centred(w * 2, h * 2)
    case 'Make square':
      return centred(Math.max(w, h), Math.max(w, h))
    case 'Left outpaint':
      return { width: Math.round(w * 1.5), height: h, left: Math.round(w * 1.5) - w, top: 0 }
    case 'Right outpaint':
      return { width: Math.round(w * 1.5), height: h, left: 0, top: 0 }
    case 'Top outpaint':
      return { width: w, height: Math.round(h * 1.5), left: 0, top: Math.round(h * 1.5) - h }
    case 'Bottom outpaint':
      return { width: w, height: Math.round(h * 1.5), left: 0, top: 0 }
  }
}

/** "3:2" style ratio of a size, reduced; near-integer ratios read better than 1.4933:1. */
export function aspectLabel(width: number, height: number): string {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))
  const w = Math.round(width)
  const h = Math.round(height)
  const g = gcd(w, h) || 1
  if (w / g <= 32 && h / g <= 32) return `${w / g}:${h / g}`
  return `${(w / h).toFixed(2)}:1`
}
