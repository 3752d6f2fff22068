import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { makeThumbnail } from '../../../src/main/core/media/thumbnail'
import { renderAudio, renderImage, renderVideo } from '../../../src/simulator/media'
import { ftyp, useTempDir } from './helpers'

const tempDir = useTempDir()

async function fixture(name: string, data: Uint8Array): Promise<string> {
  const path = join(tempDir(), name)
  await writeFile(path, data)
  return path
}

describe('makeThumbnail', () => {
  it('scales an image to fit maxSide, as WebP by default', async () => {
    const source = await fixture('big.png', await renderImage({ prompt: 'thumb', seed: 1, width: 1000, height: 500, format: 'png' }))
    const out = join(tempDir(), 'big.thumb.webp')
    expect(await makeThumbnail(source, out)).toBe(true)
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 })
  })

  it('writes JPEG or PNG when the output name asks for it, and honours maxSide', async () => {
    const source = await fixture('tall.jpg', await renderImage({ prompt: 'thumb', seed: 2, width: 300, height: 600, format: 'jpeg' }))
    const jpg = join(tempDir(), 'tall.thumb.jpg')
    const png = join(tempDir(), 'tall.thumb.png')
    expect(await makeThumbnail(source, jpg, 100)).toBe(true)
    expect(await makeThumbnail(source, png, 100)).toBe(true)
    expect(await sharp(jpg).metadata()).toMatchObject({ format: 'jpeg', width: 50, height: 100 })
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 50, height: 100 })
  })

  it('never enlarges a small image', async () => {
    const source = await fixture('small.webp', await renderImage({ prompt: 'thumb', seed: 3, width: 100, height: 80, format: 'webp' }))
    const out = join(tempDir(), 'small.thumb.webp')
    expect(await makeThumbnail(source, out)).toBe(true)
    expect(await sharp(out).metadata()).toMatchObject({ width: 100, height: 80 })
  })

  it('uses the first frame of a VP8 WebM', async () => {
    const source = await fixture('clip.webm', await renderVideo({ prompt: 'thumb', seed: 4, width: 720, height: 1280, durationSeconds: 1 }))
    const out = join(tempDir(), 'clip.thumb.jpg')
    expect(await makeThumbnail(source, out)).toBe(true)
    expect(await sharp(out).metadata()).toMatchObject({ format: 'jpeg', width: 180, height: 320 })
  })

  it('replaces an existing thumbnail and leaves no temporary files', async () => {
    const out = join(tempDir(), 'replace.thumb.webp')
    await writeFile(out, 'old content')
    const source = await fixture('replace.png', await renderImage({ prompt: 'thumb', seed: 5, width: 64, height: 64, format: 'png' }))
    expect(await makeThumbnail(source, out)).toBe(true)
    expect((await readFile(out)).subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect((await readdir(tempDir())).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('returns false, writing nothing, for audio, H.264-style MP4, damaged images and junk', async () => {
    const cases: [string, Uint8Array][] = [
      ['tune.wav', renderAudio({ prompt: 'thumb', seed: 6, durationSeconds: 0.2 })],
      ['movie.mp4', Buffer.concat([ftyp('isom', 'avc1'), Buffer.alloc(64)])],
      ['broken.png', Buffer.concat([(await renderImage({ prompt: 'x', seed: 1, width: 32, height: 32, format: 'png' })).subarray(0, 40), Buffer.alloc(64)])],
      ['junk.bin', Buffer.from('nothing to see here')]
    ]
    for (const [name, data] of cases) {
      const out = join(tempDir(), `${name}.thumb.webp`)
      expect(await makeThumbnail(await fixture(name, data), out), name).toBe(false)
      await expect(readFile(out)).rejects.toThrow(/ENOENT/)
    }
  })

  it('throws when the source is missing', async () => {
    await expect(makeThumbnail(join(tempDir(), 'nope.png'), join(tempDir(), 'nope.webp'))).rejects.toThrow(/ENOENT/)
  })
})
