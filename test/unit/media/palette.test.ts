// The dominant palette of a picture, and the rule of "filter by a colour" (OKLab distance).
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { paletteOfFile } from '../../../src/main/core/media/palette'
import { pictureLookOfFile } from '../../../src/main/core/media/picture-look'
import { colourCube, colourDistance, COLOUR_MATCH_DISTANCE, cubesNear, oklabOf, paletteMatches } from '../../../src/shared/media/colour-match'

/** A picture `width` wide, split left to right into bands of the given colours and widths. */
async function bands(...parts: Array<[string, number]>): Promise<Buffer> {
  const width = parts.reduce((sum, [, w]) => sum + w, 0)
  let left = 0
  const layers = parts.map(([colour, w]) => {
    const layer = { input: { create: { width: w, height: 120, channels: 3 as const, background: colour } }, left, top: 0 }
    left += w
    return layer
  })
  return sharp({ create: { width, height: 120, channels: 3, background: '#000000' } }).composite(layers).png().toBuffer()
}

describe('dominant palette', () => {
  it('names the main colours of a picture with the share each covers, largest first', async () => {
    const palette = (await paletteOfFile(await bands(['#ff0000', 210], ['#0000ff', 90])))!
    expect(palette.length).toBeLessThanOrEqual(5)
    expect(colourDistance(palette[0]!.hex, '#ff0000')).toBeLessThan(0.03)
    expect(palette[0]!.share).toBeCloseTo(0.7, 1)
    expect(colourDistance(palette[1]!.hex, '#0000ff')).toBeLessThan(0.03)
    expect(palette[1]!.share).toBeCloseTo(0.3, 1)
    expect(palette.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1, 2)
    expect(palette.map((c) => c.share)).toEqual([...palette.map((c) => c.share)].sort((a, b) => b - a))
    for (const c of palette) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('counts white like any colour, and finds nothing in a picture that is all transparent', async () => {
    const halfWhite = (await paletteOfFile(await bands(['#ffffff', 150], ['#ff0000', 150])))!
    expect(halfWhite.find((c) => colourDistance(c.hex, '#ffffff') < 0.03)?.share).toBeCloseTo(0.5, 1)
    const clear = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0 } } }).png().toBuffer()
    expect(await paletteOfFile(clear)).toEqual([])
  })

  it('keeps its colours when the picture is recompressed, so the filter still finds it', async () => {
    const picture = await bands(['#1e90ff', 150], ['#ffd700', 100], ['#2e8b57', 50])
    const jpeg = await sharp(picture).resize(150).jpeg({ quality: 60 }).toBuffer()
    for (const input of [picture, jpeg]) {
      const palette = (await paletteOfFile(input))!
      expect(paletteMatches(palette, '#1e90ff')).toBe(true)
      expect(paletteMatches(palette, '#ffd700')).toBe(true)
      expect(paletteMatches(palette, '#ff00ff')).toBe(false)
    }
  })

  it('gives no palette, and no error, for a damaged file', async () => {
    const picture = await bands(['#ff0000', 100])
    expect(await paletteOfFile(picture.subarray(0, 60))).toBeNull()
    expect(await paletteOfFile(Buffer.from('GIF89a but not really'))).toBeNull()
  })

  it('comes with the perceptual hash from one decode', async () => {
    const look = (await pictureLookOfFile(await bands(['#ff0000', 100], ['#00ff00', 100])))!
    expect(look.perceptualHash).toMatch(/^[0-9a-f]{16}$/)
    expect(look.palette.length).toBeGreaterThanOrEqual(2)
  })
})

describe('filter by a colour', () => {
  it('measures colours in OKLab (reference values of Ottosson’s definition)', () => {
    const red = oklabOf('#ff0000')!
    expect([red.l, red.a, red.b].map((v) => v.toFixed(4))).toEqual(['0.6280', '0.2249', '0.1258'])
    const blue = oklabOf('#0000FF')!
    expect([blue.l, blue.a, blue.b].map((v) => v.toFixed(4))).toEqual(['0.4520', '-0.0325', '-0.3115'])
    expect(oklabOf('#ffffff')!.l).toBeCloseTo(1, 6)
    expect(oklabOf('#000000')).toEqual({ l: 0, a: 0, b: 0 })
    for (const bad of ['red', '#fff', '#12345g', '', '#1234567']) expect(oklabOf(bad)).toBeNull()
    expect(colourDistance('#ff0000', 'nope')).toBe(Infinity)
  })

  it('takes a close shade for the colour and a neighbouring hue for another', () => {
    const red = [{ hex: '#ff0000', share: 0.6 }, { hex: '#ffffff', share: 0.4 }]
    expect(paletteMatches(red, '#e00000')).toBe(true)
    expect(paletteMatches(red, '#ff3030')).toBe(true)
    expect(paletteMatches(red, '#ff8000')).toBe(false)
    expect(paletteMatches(red, '#ff00ff')).toBe(false)
    expect(colourDistance('#ff0000', '#e00000')).toBeLessThan(COLOUR_MATCH_DISTANCE)
    expect(colourDistance('#0000ff', '#8000ff')).toBeGreaterThan(COLOUR_MATCH_DISTANCE)
  })

  it('does not count a speck: a colour must cover 5 % of the picture', () => {
    expect(paletteMatches([{ hex: '#00ff00', share: 0.96 }, { hex: '#ff0000', share: 0.04 }], '#ff0000')).toBe(false)
    expect(paletteMatches([{ hex: '#00ff00', share: 0.95 }, { hex: '#ff0000', share: 0.05 }], '#ff0000')).toBe(true)
  })

  it('finds every colour within the distance in the cubes near the one asked for', () => {
    let s = 7
    const next = () => (s = (Math.imul(s, 48271) >>> 0) % 0x7fffffff) / 0x7fffffff
    const hex = () => `#${Math.floor(next() * 0xffffff).toString(16).padStart(6, '0')}`
    let close = 0
    for (let i = 0; i < 20_000; i++) {
      const [x, y] = [hex(), hex()]
      if (colourDistance(x, y) > COLOUR_MATCH_DISTANCE) continue
      close++
      expect(cubesNear(x), `${x} / ${y}`).toContain(colourCube(y))
    }
    expect(close).toBeGreaterThan(20)
    expect(cubesNear('#ff0000')).toHaveLength(27)
    expect(colourCube('nope')).toBeNull()
  })
})
