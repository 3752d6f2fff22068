import { describe, expect, it } from 'vitest'
import { imageSizeFor, parseAspectRatio } from '../../../src/simulator/media'

describe('imageSizeFor', () => {
  it.each([
    [{}, 1024, 1024, 1024, 1024],
    [{ aspect_ratio: '1:1' }, 1024, 1024, 1024, 1024],
    [{ aspect_ratio: '16:9' }, 1368, 768, 1024, 575],
    [{ aspect_ratio: '9:16' }, 768, 1368, 575, 1024],
    [{ aspect_ratio: '4:3' }, 1184, 888, 1024, 768],
    [{ aspect_ratio: '21:9' }, 1568, 672, 1024, 439],
    [{ width: 800, height: 600 }, 800, 600, 800, 600],
    [{ width: 2048, height: 1024 }, 2048, 1024, 1024, 512],
    [{ width: 1024, aspect_ratio: '2:1' }, 1024, 512, 1024, 512],
    [{ size: '1024x768' }, 1024, 768, 1024, 768],
    [{ size: '2048*2048' }, 2048, 2048, 1024, 1024],
    [{ image_size: 'square' }, 512, 512, 512, 512],
    [{ image_size: 'square_hd' }, 1024, 1024, 1024, 1024],
    [{ image_size: 'portrait_4_3' }, 768, 1024, 768, 1024],
    [{ image_size: 'portrait_16_9' }, 576, 1024, 576, 1024],
    [{ image_size: 'landscape_4_3' }, 1024, 768, 1024, 768],
    [{ image_size: 'landscape_16_9' }, 1024, 576, 1024, 576],
    [{ image_size: '2K', aspect_ratio: '1:1' }, 2048, 2048, 1024, 1024],
    [{ resolution: '512px' }, 512, 512, 512, 512],
    [{ resolution: '1K', aspect_ratio: '3:2' }, 1256, 840, 1024, 685],
    [{ resolution: '4K' }, 4096, 4096, 1024, 1024],
    [{ resolution: '2MP', aspect_ratio: '1:1' }, 1448, 1448, 1024, 1024],
    [{ resolution: '0.5MP' }, 728, 728, 728, 728],
    [{ resolution: '720p', aspect_ratio: '16:9' }, 1280, 720, 1024, 576],
    [{ resolution: '1080p', aspect_ratio: '9:16' }, 1080, 1920, 576, 1024],
    [{ resolution: 'standard', aspect_ratio: '16:9' }, 1280, 720, 1024, 576],
    [{ aspect_ratio: 'match_input_image' }, 1024, 1024, 1024, 1024],
    [{ size: 'auto', aspect_ratio: '3:4' }, 888, 1184, 768, 1024]
  ])('%j', (params, nominalWidth, nominalHeight, width, height) => {
    const size = imageSizeFor(params)
    expect(size).toMatchObject({ nominalWidth, nominalHeight, width, height })
  })

  it('keeps the aspect ratio when capping', () => {
    for (const ratio of ['16:9', '9:16', '21:9', '3:2', '2:3', '1:2']) {
      const s = imageSizeFor({ aspect_ratio: ratio, resolution: '4K' })
      expect(Math.max(s.width, s.height)).toBe(1024)
      expect(s.width / s.height).toBeCloseTo(parseAspectRatio(ratio) ?? 0, 1)
    }
  })

  it('reports nominal megapixels (1 MP = 1024x1024) for pricing', () => {
    expect(imageSizeFor({ aspect_ratio: '1:1' }).megapixels).toBe(1)
    expect(imageSizeFor({ resolution: '4K' }).megapixels).toBe(16)
    expect(imageSizeFor({ resolution: '2MP' }).megapixels).toBeCloseTo(2, 2)
    expect(imageSizeFor({ width: 2048, height: 1024 }).megapixels).toBe(2)
  })

  it('honours another maxSide', () => {
    expect(imageSizeFor({ aspect_ratio: '16:9', resolution: '1080p' }, { maxSide: 320 })).toMatchObject({ width: 320, height: 180 })
  })

  it('never returns absurd sizes for absurd input', () => {
    const s = imageSizeFor({ width: 1e9, height: -5 })
    expect(s.nominalWidth).toBeLessThanOrEqual(16384)
    expect(s.width).toBeGreaterThan(0)
    expect(s.height).toBeGreaterThan(0)
  })
})

describe('parseAspectRatio', () => {
  it('reads common spellings and rejects junk', () => {
    expect(parseAspectRatio('16:9')).toBeCloseTo(16 / 9)
    expect(parseAspectRatio('1.85:1')).toBeCloseTo(1.85)
    expect(parseAspectRatio('4x3')).toBeCloseTo(4 / 3)
    expect(parseAspectRatio('0:1')).toBeNull()
    expect(parseAspectRatio('wide')).toBeNull()
    expect(parseAspectRatio(16)).toBeNull()
  })
})
