// Demo image generation: a deterministic picture for (prompt, seed), captioned with the
// prompt and seed so a person can tell outputs apart at a glance.
import sharp from 'sharp'
import { buildScene, sceneSvg } from './scene'

export type ImageFormat = 'png' | 'jpeg' | 'webp'

export interface RenderImageOptions {
  prompt: string
  seed: number
  width: number
  height: number
  format: ImageFormat
  /** An extra caption line, e.g. the model or "variation 2 of 4". */
  label?: string
}

/** Largest side accepted; the demo caps sizes far below this (see dimensions.ts). */
export const MAX_RENDER_SIDE = 8192

export function checkSide(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 1 || value > MAX_RENDER_SIDE) {
    throw new RangeError(`${name} must be between 1 and ${MAX_RENDER_SIDE} pixels (got ${value})`)
  }
  return Math.round(value)
}

/** The scene as raw pixels, ready to encode: the caller picks the format. */
export function renderScenePipeline(opts: Omit<RenderImageOptions, 'format'>): sharp.Sharp {
  const width = checkSide('width', opts.width)
  const height = checkSide('height', opts.height)
  const lines = [opts.prompt, `SEED ${opts.seed}`]
  if (opts.label) lines.push(opts.label)
  const svg = sceneSvg(buildScene(opts.prompt, opts.seed, opts.label), { width, height, lines })
  // The background is opaque, so dropping alpha loses nothing and keeps files small.
  return sharp(Buffer.from(svg)).removeAlpha()
}

export async function renderImage(opts: RenderImageOptions): Promise<Buffer> {
  const pipeline = renderScenePipeline(opts)
  switch (opts.format) {
    case 'png':
      // Speed over size: level 9 is several times slower for a few percent.
      return pipeline.png({ compressionLevel: 4 }).toBuffer()
    case 'jpeg':
      return pipeline.jpeg({ quality: 85 }).toBuffer()
    case 'webp':
      // Effort 1 keeps a 1024px WebP near the PNG's time; higher efforts double it.
      return pipeline.webp({ quality: 82, effort: 1 }).toBuffer()
    default:
      throw new RangeError(`Unknown image format: ${String(opts.format)}`)
  }
}
