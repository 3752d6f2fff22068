// A picture's perceptual hash: 64 bits that change little when the picture is resized,
// recompressed or re-encoded in another format, and a lot when it shows something else.
// The algorithm is the DCT pHash (sharp-phash): the picture in grey at 32×32, its 2-D
// discrete cosine transform, and one bit per each of the 8×8 lowest frequencies (the
// constant term left out), set when that frequency is above their mean. Two pictures are
// compared by the Hamming distance of their hashes (see near-duplicates.ts).
import phash from 'sharp-phash'
import { opaqueRgb, sampleImage, type ImageSample } from './image-sample'

function hexOfBits(bits: string): string {
  let hex = ''
  for (let i = 0; i < 64; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16)
  return hex
}

/** The hash of a decoded sample: 16 lowercase hexadecimal digits, the first bit the highest. */
export async function perceptualHashOf(sample: ImageSample): Promise<string> {
  const bits = await phash(opaqueRgb(sample), { raw: { width: sample.width, height: sample.height, channels: 3 } })
  if (!/^[01]{64}$/.test(bits)) throw new Error('the perceptual hash is not 64 bits')
  return hexOfBits(bits)
}

/**
 * The perceptual hash of a picture file (or its bytes); null when the picture cannot be
 * decoded within the bounds (damaged, cut short, over 100 megapixels, not a picture).
 */
export async function perceptualHashOfFile(input: string | Buffer): Promise<string | null> {
  const sample = await sampleImage(input)
  return sample ? perceptualHashOf(sample) : null
}
