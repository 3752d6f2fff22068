// The picture behind every demo image and video frame: a gradient with a handful of
// shapes whose colours, places and motion all come from (prompt, seed), plus a caption
// band saying what was asked for. Coordinates are fractions of the canvas so one scene
// renders at any size; `time` moves the shapes along their orbits for video frames.
import { between, hsl, intBetween, pick, rngFor } from './random'
import { ADVANCE, GLYPH_HEIGHT, LINE_HEIGHT, textPath, truncate } from './font'

type ShapeKind = 'circle' | 'square' | 'ring' | 'triangle'

interface Shape {
  kind: ShapeKind
  x: number
  y: number
  size: number
  color: string
  opacity: number
  rotation: number
  /** Motion for video: an ellipse of radius (rx, ry) at `speed` turns per second, plus spin. */
  rx: number
  ry: number
  speed: number
  phase: number
  spin: number
}

export interface Scene {
  angle: number
  stops: [string, string, string]
  shapes: Shape[]
  accent: string
}

export function buildScene(prompt: string, seed: number): Scene {
  const rng = rngFor(prompt, seed, 'scene')
  const hue = between(rng, 0, 360)
  const spread = between(rng, 30, 150)
  const stops: [string, string, string] = [
    hsl(hue, between(rng, 0.45, 0.8), between(rng, 0.18, 0.32)),
    hsl(hue + spread / 2, between(rng, 0.45, 0.8), between(rng, 0.35, 0.5)),
    hsl(hue + spread, between(rng, 0.45, 0.8), between(rng, 0.55, 0.7))
  ]
  const shapes: Shape[] = []
  const count = intBetween(rng, 6, 11)
  for (let i = 0; i < count; i++) {
    shapes.push({
      kind: pick(rng, ['circle', 'circle', 'square', 'ring', 'triangle'] as const),
      x: between(rng, 0.08, 0.92),
      y: between(rng, 0.08, 0.75),
      size: between(rng, 0.06, 0.26),
      color: hsl(hue + between(rng, -60, 240), between(rng, 0.55, 0.95), between(rng, 0.45, 0.75)),
      opacity: between(rng, 0.45, 0.9),
      rotation: between(rng, 0, 90),
      rx: between(rng, 0.03, 0.16),
      ry: between(rng, 0.03, 0.12),
      speed: between(rng, 0.12, 0.45) * (rng() < 0.5 ? -1 : 1),
      phase: between(rng, 0, Math.PI * 2),
      spin: between(rng, -90, 90)
    })
  }
  return { angle: between(rng, 0, 360), stops, shapes, accent: hsl(hue + 180, 0.9, 0.6) }
}

export interface SceneFrame {
  width: number
  height: number
  /** Seconds into the clip; 0 for still images. */
  time?: number
  /** Caption lines, drawn at the bottom; the first may wrap (see `wrapFirstLine`). */
  lines: string[]
  /** Let a long first line use two lines. Default true; small video frames turn it off. */
  wrapFirstLine?: boolean
  /** 0..1: draws a progress bar above the caption (video position). */
  progress?: number
}

const n = (v: number) => (Math.round(v * 100) / 100).toString()

function shapeSvg(s: Shape, width: number, height: number, time: number): string {
  const unit = Math.min(width, height)
  const turn = Math.PI * 2 * s.speed * time + s.phase
  const cx = (s.x + s.rx * Math.sin(turn)) * width
  const cy = (s.y + s.ry * Math.cos(turn)) * height
  const r = s.size * unit
  const rot = s.rotation + s.spin * time
  const paint = `fill="${s.color}" fill-opacity="${n(s.opacity)}"`
  const transform = `transform="rotate(${n(rot)} ${n(cx)} ${n(cy)})"`
  switch (s.kind) {
    case 'circle':
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${paint}/>`
    case 'ring':
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" fill="none" stroke="${s.color}" stroke-opacity="${n(s.opacity)}" stroke-width="${n(r * 0.3)}"/>`
    case 'square':
      return `<rect x="${n(cx - r)}" y="${n(cy - r)}" width="${n(2 * r)}" height="${n(2 * r)}" rx="${n(r * 0.15)}" ${paint} ${transform}/>`
    case 'triangle':
      return `<path d="M${n(cx)} ${n(cy - r)}L${n(cx + r * 0.87)} ${n(cy + r / 2)}L${n(cx - r * 0.87)} ${n(cy + r / 2)}z" ${paint} ${transform}/>`
  }
}

/** Splits the first caption line in two at a space when it is too long for one. */
function layoutLines(lines: string[], maxChars: number, wrapFirst: boolean): string[] {
  const out: string[] = []
  lines.forEach((line, i) => {
    const text = truncate(line, i === 0 && wrapFirst ? maxChars * 2 : maxChars)
    if (i === 0 && text.length > maxChars) {
      const cut = text.lastIndexOf(' ', maxChars)
      const at = cut > maxChars / 2 ? cut : maxChars
      out.push(text.slice(0, at).trim(), truncate(text.slice(at).trim(), maxChars))
    } else {
      out.push(text)
    }
  })
  return out.filter((l) => l.length > 0)
}

export function sceneSvg(scene: Scene, frame: SceneFrame): string {
  const { width, height } = frame
  const time = frame.time ?? 0
  const rad = (scene.angle * Math.PI) / 180
  const gx = Math.cos(rad) / 2
  const gy = Math.sin(rad) / 2
  // Text size: about 44 characters across, at a whole number of pixels per font pixel.
  const scale = Math.max(1, Math.floor(width / (ADVANCE * 44)))
  const margin = 2 * ADVANCE * scale
  const maxChars = Math.max(4, Math.floor((width - 2 * margin) / (ADVANCE * scale)))
  const lines = layoutLines(frame.lines, maxChars, frame.wrapFirstLine ?? true)
  const bandHeight = lines.length > 0 ? lines.length * LINE_HEIGHT * scale + (LINE_HEIGHT - GLYPH_HEIGHT) * scale + margin : 0
  const bandTop = height - bandHeight
  const text = lines.map((line, i) => textPath(line, margin, bandTop + margin / 2 + i * LINE_HEIGHT * scale + scale, scale)).join('')
  const bar = frame.progress === undefined ? ''
    : `<rect x="0" y="${n(bandTop - 2 * scale)}" width="${n(width * Math.min(1, Math.max(0, frame.progress)))}" height="${2 * scale}" fill="${scene.accent}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<defs><linearGradient id="bg" x1="${n(0.5 - gx)}" y1="${n(0.5 - gy)}" x2="${n(0.5 + gx)}" y2="${n(0.5 + gy)}">`
    + scene.stops.map((c, i) => `<stop offset="${i / 2}" stop-color="${c}"/>`).join('')
    + '</linearGradient></defs>'
    + `<rect width="${width}" height="${height}" fill="url(#bg)"/>`
    + scene.shapes.map((s) => shapeSvg(s, width, height, time)).join('')
    + (bandHeight > 0 ? `<rect x="0" y="${n(bandTop)}" width="${width}" height="${n(bandHeight)}" fill="#000" fill-opacity="0.55"/>` : '')
    + bar
    + (text ? `<path d="${text}" fill="#fff"/>` : '')
    + '</svg>'
}
