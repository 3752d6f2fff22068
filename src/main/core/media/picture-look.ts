// What a picture looks like, measured from one small decode: its perceptual hash (for
// "Find similar" and duplicates) and its dominant palette (for "filter by a colour").
// This is what the library keeps of each picture it saves or imports.
import type { PaletteColour } from '../../../shared/media/colour-match'
import { sampleImage } from './image-sample'
import { paletteOf } from './palette'
import { perceptualHashOf } from './perceptual-hash'

export interface PictureLook {
  /** 16 hex digits (perceptual-hash.ts). */
  perceptualHash: string
  /** Up to five colours, largest share first (palette.ts). */
  palette: PaletteColour[]
}

/**
 * The look of a picture file (or its bytes), decoded once; null when the picture cannot
 * be decoded within the bounds (damaged, cut short, over 100 megapixels, not a picture).
 */
export async function pictureLookOfFile(input: string | Buffer): Promise<PictureLook | null> {
  const sample = await sampleImage(input)
  if (!sample) return null
  return { perceptualHash: await perceptualHashOf(sample), palette: await paletteOf(sample) }
}
