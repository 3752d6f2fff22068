// The perceptual hash: the same picture resized, recompressed or re-encoded stays near;
// different pictures are far; a damaged or oversized picture gives no hash.
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { hammingDistance, NEAR_IDENTICAL_DISTANCE, SIMILAR_DISTANCE } from '../../../src/main/core/media/near-duplicates'
import { perceptualHashOfFile } from '../../../src/main/core/media/perceptual-hash'
import { pictureLookOfFile } from '../../../src/main/core/media/picture-look'
import { renderImage } from '../../../src/simulator/media'

const PROMPTS = ['a lighthouse at dusk', 'a red fox in snow', 'a city at night', 'portrait of an old man', 'a bowl of fruit']
const pictures: Buffer[] = []

beforeAll(async () => {
  for (const prompt of PROMPTS) pictures.push(await renderImage({ prompt, seed: 1, width: 640, height: 448, format: 'png' }))
})

async function hashOf(input: Buffer): Promise<string> {
  const hash = await perceptualHashOfFile(input)
  expect(hash).toMatch(/^[0-9a-f]{16}$/)
  return hash!
}

/** A whole black-and-white PNG (1 bit per pixel): tiny on disk however many pixels it has. */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8)
    head.writeUInt32BE(data.length, 0)
    head.write(type, 4, 'latin1')
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
    return Buffer.concat([head, data, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 1
  ihdr[9] = 0
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height)
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

describe('perceptual hash', () => {
  it('is the same for the same picture, and stays near when it is resized, recompressed or re-encoded', async () => {
    for (const picture of pictures) {
      const hash = await hashOf(picture)
      expect(await hashOf(Buffer.from(picture))).toBe(hash)
      const variants = {
        half: await sharp(picture).resize(320).png().toBuffer(),
        small: await sharp(picture).resize(120).png().toBuffer(),
        jpegQ50: await sharp(picture).jpeg({ quality: 50 }).toBuffer(),
        webp: await sharp(picture).webp({ quality: 60 }).toBuffer()
      }
      for (const [name, variant] of Object.entries(variants)) {
        expect(hammingDistance(hash, await hashOf(variant)), name).toBeLessThanOrEqual(NEAR_IDENTICAL_DISTANCE)
      }
    }
  })

  it('reads a picture the way it is shown (EXIF orientation applied)', async () => {
    const picture = pictures[0]!
    // Stored on its side, with a tag saying "turn 90° clockwise to show".
    const onItsSide = await sharp(picture).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer()
    expect(hammingDistance(await hashOf(picture), await hashOf(onItsSide))).toBeLessThanOrEqual(NEAR_IDENTICAL_DISTANCE)
  })

  it('puts different pictures far apart', async () => {
    const hashes = await Promise.all(pictures.map(hashOf))
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) expect(hammingDistance(hashes[i]!, hashes[j]!), `${PROMPTS[i]} / ${PROMPTS[j]}`).toBeGreaterThan(SIMILAR_DISTANCE)
    }
  })

  it('gives no hash, and no error, for a damaged, oversized or foreign file', async () => {
    const png = pictures[0]!
    expect(await perceptualHashOfFile(png.subarray(0, Math.floor(png.length / 2)))).toBeNull()
    expect(await perceptualHashOfFile(Buffer.from('not a picture at all'))).toBeNull()
    // 144 megapixels: past the app's bound of 100 (though within sharp's own default), so it is not decoded.
    expect(await perceptualHashOfFile(blankPng(640, 480))).toMatch(/^[0-9a-f]{16}$/)
    expect(await perceptualHashOfFile(blankPng(12_000, 12_000))).toBeNull()
    expect(await perceptualHashOfFile('/no/such/picture.png')).toBeNull()
    expect(await pictureLookOfFile(png.subarray(0, 200))).toBeNull()
  })

  it('hashes a partly transparent picture as it looks on a white page', async () => {
    // Every other square of a board transparent (its colours still stored underneath).
    const mask = Buffer.alloc(640 * 448)
    for (let y = 0; y < 448; y++) for (let x = 0; x < 640; x++) mask[y * 640 + x] = (Math.floor(x / 80) + Math.floor(y / 64)) % 2 ? 255 : 0
    const withAlpha = await sharp(pictures[3]!).joinChannel(mask, { raw: { width: 640, height: 448, channels: 1 } }).png().toBuffer()
    const on = async (background: string) => hashOf(await sharp(withAlpha).flatten({ background }).png().toBuffer())
    const hash = await hashOf(withAlpha)
    expect(hammingDistance(hash, await on('#ffffff'))).toBeLessThanOrEqual(NEAR_IDENTICAL_DISTANCE)
    expect(hammingDistance(hash, await on('#000000'))).toBeGreaterThan(SIMILAR_DISTANCE)
  })
})
