// Turns a request's size parameters into the pixel size the demo renders, plus the
// "nominal" size the request asked for. Families spell size many ways; the mapping is:
//
//   width + height (numbers)      exactly that size (one alone takes the other from the ratio)
//   size "1024x768" / "1024*768"  exactly that size
//   image_size presets            square 512x512, square_hd 1024x1024,
//                                 portrait_4_3 768x1024, portrait_16_9 576x1024,
//                                 landscape_4_3 1024x768, landscape_16_9 1024x576
//   "512px" "1K" "2K" "4K"        an area of N x N pixels (512², 1024², 2048², 4096²) shaped
//                                 by aspect_ratio; accepted in resolution, image_size or size
//   "0.5MP" "1MP" "2MP" "4MP"     that many megapixels (1 MP = 1024 x 1024) shaped by aspect_ratio
//   "480p" "720p" "1080p"         the short side in pixels, shaped by aspect_ratio (video);
//                                 "standard" is 720p and "high" is 1080p
//   aspect_ratio alone            1 MP at that ratio ("16:9" -> 1368x768)
//   nothing usable                1024x1024
//
// Areas are rounded to multiples of 8, as generation models do. The rendered size then
// scales down, preserving the ratio, so the longest side is at most `maxSide` (1024 by
// default): demo files stay light while prices still follow the nominal megapixels.
import { MEGAPIXEL } from '../../shared/api/cost'

export const DEFAULT_MAX_SIDE = 1024
const MIN_SIDE = 16
const MAX_NOMINAL_SIDE = 16384

export interface SizeParams {
  aspect_ratio?: unknown
  width?: unknown
  height?: unknown
  size?: unknown
  image_size?: unknown
  resolution?: unknown
}

export interface ImageSize {
  /** What the demo renders: the nominal size scaled down to fit `maxSide`. */
  width: number
  height: number
  /** What the request asked for. */
  nominalWidth: number
  nominalHeight: number
  /** nominalWidth x nominalHeight in megapixels (1 MP = 1024 x 1024), to 3 decimals. */
  megapixels: number
}

const PRESETS: Record<string, [number, number]> = {
  square: [512, 512],
  square_hd: [1024, 1024],
  portrait_4_3: [768, 1024],
  portrait_16_9: [576, 1024],
  landscape_4_3: [1024, 768],
  landscape_16_9: [1024, 576]
}

/** "16:9" (also "16x9", "16/9", "1.85:1") as width / height, or null. Kept within 1:8..8:1. */
export function parseAspectRatio(value: unknown): number | null {
  if (typeof value !== 'string') return null
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*$/i.exec(value)
  if (!m) return null
  const w = Number(m[1])
  const h = Number(m[2])
  if (!(w > 0) || !(h > 0)) return null
  return Math.min(8, Math.max(1 / 8, w / h))
}

function positive(value: unknown): number | null {
  const v = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null
}

function parseExplicitSize(value: unknown): [number, number] | null {
  if (typeof value !== 'string') return null
  const m = /^\s*(\d+)\s*[x*×]\s*(\d+)\s*$/i.exec(value)
  return m ? [Number(m[1]), Number(m[2])] : null
}

type Target = { area: number } | { shortSide: number }

/** A resolution word as a target area or short side; null when it names neither. */
function parseTarget(value: unknown): Target | null {
  if (typeof value !== 'string') return null
  const v = value.trim().toLowerCase()
  if (v === 'standard') return { shortSide: 720 }
  if (v === 'high') return { shortSide: 1080 }
  let m = /^(\d+(?:\.\d+)?)\s*mp$/.exec(v)
  if (m) return { area: Number(m[1]) * MEGAPIXEL }
  m = /^(\d+(?:\.\d+)?)\s*k$/.exec(v)
  if (m) return { area: (Number(m[1]) * 1024) ** 2 }
  m = /^(\d+)\s*px$/.exec(v)
  if (m) return { area: Number(m[1]) ** 2 }
  m = /^(\d+)\s*p$/.exec(v)
  if (m) return { shortSide: Number(m[1]) }
  return null
}

const round8 = (v: number) => Math.max(8, Math.round(v / 8) * 8)

function fromTarget(target: Target, ratio: number): [number, number] {
  if ('shortSide' in target) {
    return ratio >= 1 ? [round8(target.shortSide * ratio), target.shortSide] : [target.shortSide, round8(target.shortSide / ratio)]
  }
  const w = Math.sqrt(target.area * ratio)
  return [round8(w), round8(target.area / w)]
}

/** The size the request asked for, before any demo cap. */
export function nominalSizeFor(params: SizeParams): [number, number] {
  const ratio = parseAspectRatio(params.aspect_ratio)
  const w = positive(params.width)
  const h = positive(params.height)
  if (w && h) return [w, h]
  if (w || h) {
    const r = ratio ?? 1
    return w ? [w, round8(w / r)] : [round8((h ?? 0) * r), h ?? 0]
  }
  const explicit = parseExplicitSize(params.size)
  if (explicit) return explicit
  if (typeof params.image_size === 'string') {
    const preset = PRESETS[params.image_size]
    if (preset) return preset
  }
  const target = parseTarget(params.resolution) ?? parseTarget(params.image_size) ?? parseTarget(params.size)
  return fromTarget(target ?? { area: MEGAPIXEL }, ratio ?? 1)
}

/** Scales (width, height) down, keeping the ratio, so neither side exceeds maxSide. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

export function imageSizeFor(params: SizeParams, options: { maxSide?: number } = {}): ImageSize {
  const clampSide = (v: number) => Math.round(Math.min(MAX_NOMINAL_SIDE, Math.max(MIN_SIDE, v)))
  const [rawW, rawH] = nominalSizeFor(params)
  const nominalWidth = clampSide(rawW)
  const nominalHeight = clampSide(rawH)
  const { width, height } = fitWithin(nominalWidth, nominalHeight, options.maxSide ?? DEFAULT_MAX_SIDE)
  const megapixels = Math.round((nominalWidth * nominalHeight / MEGAPIXEL) * 1000) / 1000
  return { width, height, nominalWidth, nominalHeight, megapixels }
}
