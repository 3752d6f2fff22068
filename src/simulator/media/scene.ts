// The picture behind every demo image and video frame: a landscape (a sky, a sun with its
// glow, drifting clouds and ridges of hills fading into the haze) whose colours, shapes and
// motion all come from (prompt, seed), plus a caption band saying what was asked for.
// Coordinates are fractions of the canvas so one scene renders at any size; `time` moves
// the sun, the clouds and the hills (at parallax speeds) for video frames.
import { between, hsl, intBetween, rngFor } from './random'
import { ADVANCE, GLYPH_HEIGHT, LINE_HEIGHT, textPath, truncate } from './font'

/** One ridge of hills: a sum of waves over a baseline, in one colour. */
interface Ridge {
  base: number
  waves: { amplitude: number; frequency: number; phase: number }[]
  color: string
  /** Canvas widths per second the ridge drifts in a video: nearer ridges move faster. */
  drift: number
}

interface Cloud {
  x: number
  y: number
  width: number
  opacity: number
  drift: number
}

export interface Scene {
  sky: [string, string, string]
  sun: { x: number; y: number; size: number; color: string; rise: number }
  clouds: Cloud[]
  ridges: Ridge[]
  accent: string
}

/** `variant` (the model, say) makes another picture of the same prompt and seed, as another model would. */
export function buildScene(prompt: string, seed: number, variant = ''): Scene {
  const rng = rngFor(prompt, seed, variant ? `scene\u0000${variant}` : 'scene')
  const hue = between(rng, 0, 360)
  // The sky runs from a deep zenith to a bright horizon, warmer or cooler by the hue.
  const sky: [string, string, string] = [
    hsl(hue + between(rng, -20, 20), between(rng, 0.35, 0.6), between(rng, 0.14, 0.24)),
    hsl(hue + between(rng, 20, 50), between(rng, 0.45, 0.7), between(rng, 0.4, 0.52)),
    hsl(hue + between(rng, 50, 90), between(rng, 0.65, 0.9), between(rng, 0.7, 0.82))
  ]
  const sun = { x: between(rng, 0.15, 0.85), y: between(rng, 0.22, 0.42), size: between(rng, 0.05, 0.09), color: hsl(hue + 70, 0.95, 0.86), rise: between(rng, 0.004, 0.012) }
  const clouds: Cloud[] = Array.from({ length: intBetween(rng, 2, 5) }, () => ({
    x: between(rng, 0, 1),
    y: between(rng, 0.08, 0.34),
    width: between(rng, 0.12, 0.3),
    opacity: between(rng, 0.12, 0.3),
    drift: between(rng, 0.004, 0.015)
  }))
  const count = intBetween(rng, 3, 5)
  const land = hue + between(rng, 120, 200)
  const ridges: Ridge[] = Array.from({ length: count }, (_, i) => {
    const depth = i / (count - 1)
    return {
      base: 0.5 + depth * 0.32 + between(rng, -0.03, 0.03),
      waves: Array.from({ length: 3 }, (_, k) => ({
        amplitude: between(rng, 0.02, 0.07) / (k + 1),
        frequency: between(rng, 0.8, 2.2) * (k * 2 + 1),
        phase: between(rng, 0, Math.PI * 2)
      })),
      // Far ridges take the haze of the horizon; near ones are dark and saturated.
      color: hsl(land + between(rng, -15, 15), between(rng, 0.25, 0.45), 0.6 - depth * 0.48),
      drift: 0.01 + depth * 0.03
    }
  })
  return { sky, sun, clouds, ridges, accent: hsl(hue + 180, 0.9, 0.6) }
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

/** Points across the canvas for a ridge line: enough for smooth hills at any size. */
const RIDGE_STEPS = 48

function ridgeSvg(r: Ridge, width: number, height: number, time: number): string {
  const shift = r.drift * time
  const points: string[] = []
  for (let i = 0; i <= RIDGE_STEPS; i++) {
    const x = i / RIDGE_STEPS
    const y = r.base - r.waves.reduce((sum, w) => sum + w.amplitude * (1 + Math.sin(Math.PI * 2 * w.frequency * (x + shift) + w.phase)), 0)
    points.push(`${n(x * width)} ${n(y * height)}`)
  }
  return `<path d="M0 ${height}L${points.join('L')}L${width} ${height}z" fill="${r.color}"/>`
}

function cloudSvg(c: Cloud, width: number, height: number, time: number): string {
  const x = (((c.x + c.drift * time) % 1.3) - 0.15) * width
  const w = c.width * width
  const y = c.y * height
  const puffs = [[0, 0, 0.5, 0.18], [-0.28, 0.05, 0.3, 0.13], [0.3, 0.04, 0.32, 0.14]]
    .map(([dx, dy, rx, ry]) => `<ellipse cx="${n(x + dx! * w)}" cy="${n(y + dy! * w)}" rx="${n(rx! * w)}" ry="${n(ry! * w)}"/>`)
    .join('')
  // Group opacity, so overlapping puffs read as one cloud rather than as rings.
  return `<g fill="#fff" opacity="${n(c.opacity)}">${puffs}</g>`
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
  const unit = Math.min(width, height)
  const sunX = scene.sun.x * width
  const sunY = (scene.sun.y - scene.sun.rise * time) * height
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">'
    + scene.sky.map((c, i) => `<stop offset="${[0, 0.45, 0.8][i]}" stop-color="${c}"/>`).join('')
    + '</linearGradient>'
    + `<radialGradient id="glow"><stop offset="0" stop-color="${scene.sun.color}" stop-opacity="0.7"/><stop offset="1" stop-color="${scene.sun.color}" stop-opacity="0"/></radialGradient>`
    + '</defs>'
    + `<rect width="${width}" height="${height}" fill="url(#sky)"/>`
    + `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(scene.sun.size * unit * 4)}" fill="url(#glow)"/>`
    + `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(scene.sun.size * unit)}" fill="${scene.sun.color}"/>`
    + scene.clouds.map((c) => cloudSvg(c, width, height, time)).join('')
    + scene.ridges.map((r) => ridgeSvg(r, width, height, time)).join('')
    + (bandHeight > 0 ? `<rect x="0" y="${n(bandTop)}" width="${width}" height="${n(bandHeight)}" fill="#000" fill-opacity="0.55"/>` : '')
    + bar
    + (text ? `<path d="${text}" fill="#fff"/>` : '')
    + '</svg>'
}
