import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { renderGrid, renderImage } from '../../../src/simulator/media'

/** Mean absolute difference of two same-sized images' RGB pixels, 0..255. */
async function pixelDistance(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all([a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer()))
  if (!ra || !rb || ra.length !== rb.length) throw new Error('images differ in size')
  let sum = 0
  for (let i = 0; i < ra.length; i++) sum += Math.abs((ra[i] ?? 0) - (rb[i] ?? 0))
  return sum / ra.length
}

/** FLEVEL of a PNG's compressed stream: the zlib header opens its first IDAT chunk. */
function zlibLevelClass(png: Buffer): number {
  for (let at = 8; at + 8 <= png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') return png[at + 9]! >> 6
  }
  throw new Error('no IDAT chunk')
}

const base = { prompt: 'A red fox in a snowy forest', seed: 7, width: 256, height: 192, format: 'png' as const }

describe('renderImage', () => {
  it('is byte-identical for the same inputs', async () => {
    const [a, b] = await Promise.all([renderImage(base), renderImage(base)])
    expect(Buffer.compare(a, b)).toBe(0)
  })

  it('looks clearly different for another seed or prompt', async () => {
    const a = await renderImage(base)
    const otherSeed = await renderImage({ ...base, seed: 8 })
    const otherPrompt = await renderImage({ ...base, prompt: 'A blue whale in the deep ocean' })
    expect(await pixelDistance(a, otherSeed)).toBeGreaterThan(10)
    expect(await pixelDistance(a, otherPrompt)).toBeGreaterThan(10)
  })

  it('draws the label', async () => {
    const plain = await renderImage(base)
    const labelled = await renderImage({ ...base, label: 'VARIATION 2 OF 4' })
    expect(Buffer.compare(plain, labelled)).not.toBe(0)
  })

  it.each([['png', 'png'], ['jpeg', 'jpeg'], ['webp', 'webp']] as const)('encodes %s at the requested size without alpha', async (format, sharpFormat) => {
    const image = await renderImage({ ...base, format, width: 300, height: 100 })
    const meta = await sharp(image).metadata()
    expect(meta).toMatchObject({ format: sharpFormat, width: 300, height: 100, hasAlpha: false })
  })

  it('copes with long, empty and non-Latin prompts', async () => {
    for (const prompt of ['', 'x'.repeat(5000), 'Ünïcödé 漢字 emoji 🚀 <svg> & "quotes"']) {
      const image = await renderImage({ ...base, prompt })
      expect((await sharp(image).metadata()).width).toBe(256)
    }
  })

  it('rejects impossible sizes', async () => {
    await expect(renderImage({ ...base, width: 0 })).rejects.toThrow(RangeError)
    await expect(renderImage({ ...base, height: Number.NaN })).rejects.toThrow(RangeError)
    await expect(renderImage({ ...base, width: 100_000 })).rejects.toThrow(RangeError)
  })

  it('writes a 1024x1024 PNG with zlib’s fast setting, not its slowest', async () => {
    // Level 9 takes several times as long for a few percent of size, on every demo image.
    // zlib records the level's class in the second byte of the stream (FLEVEL, its top two
    // bits: 0 fastest, 1 fast, 2 default, 3 maximum), so it shows in the file itself.
    const png = await renderImage({ ...base, width: 1024, height: 1024 })
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 })
    expect(zlibLevelClass(png)).toBeLessThanOrEqual(1)
  })
})

describe('renderGrid', () => {
  it('lays four images out 2x2 in a PNG', async () => {
    const images = await Promise.all([1, 2, 3, 4].map((seed) => renderImage({ ...base, seed, width: 200, height: 100 })))
    const grid = await renderGrid(images, 2)
    const meta = await sharp(grid).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 200 })
    // Each quadrant holds its own image.
    const topRight = await sharp(grid).extract({ left: 200, top: 0, width: 200, height: 100 }).png().toBuffer()
    expect(await pixelDistance(topRight, await sharp(images[1]).png().toBuffer())).toBeLessThan(2)
  })

  it('caps the grid at maxSide and fills a partial last row', async () => {
    const images = await Promise.all([1, 2, 3].map((seed) => renderImage({ ...base, seed, width: 1024, height: 1024 })))
    const meta = await sharp(await renderGrid(images, 2)).metadata()
    expect(meta).toMatchObject({ width: 1024, height: 1024 })
  })

  it('rejects an empty list', async () => {
    await expect(renderGrid([], 2)).rejects.toThrow(RangeError)
  })
})
