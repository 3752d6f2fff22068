// A picture's dominant palette: up to five colours with the share of the picture each
// covers, largest first. Found with Color Thief's median cut (MMCQ) in OKLCH over the
// picture decoded at 64 pixels (image-sample.ts), every opaque pixel counted, white
// included. Colours are matched with shared/media/colour-match.ts.
import { getPalette } from 'colorthief'
import type { PaletteColour } from '../../../shared/media/colour-match'
import { sampleImage, type ImageSample } from './image-sample'

export const PALETTE_SIZE = 5

const HEX = /^#[0-9a-f]{6}$/

/** A pixel at least this opaque counts (Color Thief's own default). */
const MIN_ALPHA = 125

function hasOpaquePixel(sample: ImageSample): boolean {
  for (let i = 3; i < sample.data.length; i += 4) if ((sample.data[i] ?? 0) >= MIN_ALPHA) return true
  return false
}

/** The palette of a decoded sample; empty when no pixel is opaque enough to count. */
export async function paletteOf(sample: ImageSample): Promise<PaletteColour[]> {
  if (!hasOpaquePixel(sample)) return []
  const colours = await getPalette(sample.data, {
    colorCount: PALETTE_SIZE,
    quality: 1,
    colorSpace: 'oklch',
    ignoreWhite: false,
    alphaThreshold: MIN_ALPHA,
    loader: { load: () => Promise.resolve({ data: sample.data, width: sample.width, height: sample.height }) }
  })
  // Merged by colour, and only what the quantiser found in the picture: it may pad the
  // list with empty entries.
  const shares = new Map<string, number>()
  for (const c of colours ?? []) {
    const hex = c.hex().toLowerCase()
    if (c.proportion > 0 && HEX.test(hex)) shares.set(hex, (shares.get(hex) ?? 0) + c.proportion)
  }
  const total = [...shares.values()].reduce((a, b) => a + b, 0)
  return [...shares.entries()]
    .map(([hex, share]) => ({ hex, share: Math.round((share / total) * 1000) / 1000 }))
    .sort((a, b) => b.share - a.share)
    .slice(0, PALETTE_SIZE)
}

/**
 * The dominant palette of a picture file (or its bytes); null when the picture cannot be
 * decoded within the bounds (damaged, cut short, over 100 megapixels, not a picture).
 */
export async function paletteOfFile(input: string | Buffer): Promise<PaletteColour[] | null> {
  const sample = await sampleImage(input)
  return sample ? paletteOf(sample) : null
}
