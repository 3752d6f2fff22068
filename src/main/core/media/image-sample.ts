// A picture decoded once at a tiny size, for what is measured on its look rather than its
// bytes: the perceptual hash and the dominant palette. Decoding is bounded like every
// other decode of the app's (at most 100 megapixels, the first frame only); a picture
// that is damaged, cut short or too large gives no sample, never an error.
import sharp from 'sharp'
import { MAX_INPUT_MEGAPIXELS } from './decode-check'

/** The longest side of a sample: 4,096 pixels at most, plenty for a 64-bit hash and five colours. */
export const SAMPLE_SIDE = 64

/** RGBA pixels, row by row, upright (EXIF orientation applied). */
export interface ImageSample {
  data: Buffer
  width: number
  height: number
}

/** The sample of a picture (a path or its bytes), or null when it cannot be decoded within the bounds. */
export async function sampleImage(input: string | Buffer): Promise<ImageSample | null> {
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_MEGAPIXELS * 1_000_000, animated: false, sequentialRead: true })
      .autoOrient()
      .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    return info.channels === 4 ? { data, width: info.width, height: info.height } : null
  } catch {
    return null
  }
}

/** The sample as RGB, composited over white (a transparent area looks like the page behind it). */
export function opaqueRgb(sample: ImageSample): Buffer {
  const pixels = sample.width * sample.height
  const out = Buffer.alloc(pixels * 3)
  for (let i = 0; i < pixels; i++) {
    const alpha = (sample.data[i * 4 + 3] ?? 255) / 255
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round((sample.data[i * 4 + c] ?? 0) * alpha + 255 * (1 - alpha))
  }
  return out
}
