import { open, writeFile, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { probeMedia } from '../../../src/main/core/media/probe'
import { renderImage } from '../../../src/simulator/media'
import { box, ftyp, mvhd, tkhd, trak, useTempDir, wavBytes } from './helpers'

const tempDir = useTempDir()

/**
 * Counts the bytes read through file handles from now until the test ends (the probe's
 * byte source reads a file only that way); returns the count so far.
 */
async function countBytesRead(): Promise<() => number> {
  // Every FileHandle shares one prototype, reached through any open handle.
  const handle = await open(__filename, 'r')
  const proto = Object.getPrototypeOf(handle) as FileHandle
  await handle.close()
  const read = proto.read
  let bytes = 0
  const spy = vi.spyOn(proto, 'read').mockImplementation(async function (this: FileHandle, ...args: unknown[]) {
    const result = await (read as (...a: unknown[]) => Promise<{ bytesRead: number }>).apply(this, args)
    bytes += result.bytesRead
    return result
  } as FileHandle['read'])
  onTestFinished(() => spy.mockRestore())
  return () => bytes
}

describe('probeMedia: images', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('reads the size of a %s from a path and from bytes', async (format) => {
    const image = await renderImage({ prompt: 'probe', seed: 1, width: 320, height: 200, format })
    const path = join(tempDir(), `image.${format}`)
    await writeFile(path, image)
    for (const input of [path, image]) {
      expect(await probeMedia(input)).toMatchObject({ kind: 'image', width: 320, height: 200, sizeBytes: image.length })
    }
  })

  it('reports a JPEG as displayed, after its EXIF rotation', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0f0' } })
      .jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect(await probeMedia(jpeg)).toMatchObject({ width: 20, height: 40 })
  })

  it('keeps the type of a damaged image', async () => {
    const image = await renderImage({ prompt: 'probe', seed: 1, width: 64, height: 64, format: 'png' })
    const damaged = Buffer.concat([image.subarray(0, 16), Buffer.alloc(100, 0xee)])
    const probe = await probeMedia(damaged)
    expect(probe).toMatchObject({ mime: 'image/png', kind: 'image' })
    expect(probe?.width).toBeUndefined()
  })
})

describe('probeMedia: MP4 and QuickTime', () => {
  const moov = (...parts: Buffer[]) => box('moov', ...parts)

  it('reads duration and size from a moov placed after a large mdat, without reading the mdat', async () => {
    const path = join(tempDir(), 'moov-at-end.mp4')
    const mdatSize = 256 * 1024 * 1024 // sparse on disk: written as a hole, never read
    const head = Buffer.concat([ftyp('isom', 'isom', 'avc1'), Buffer.alloc(8)])
    head.writeUInt32BE(mdatSize + 8, head.length - 8)
    head.write('mdat', head.length - 4, 'latin1')
    const tail = moov(mvhd(1000, 12_500), trak('soun', tkhd(0, 0)), trak('vide', tkhd(1280, 720)))
    const handle = await open(path, 'w')
    try {
      await handle.write(head, 0, head.length, 0)
      await handle.write(tail, 0, tail.length, head.length + mdatSize)
    } finally {
      await handle.close()
    }
    const read = await countBytesRead()
    expect(await probeMedia(path)).toMatchObject({ mime: 'video/mp4', kind: 'video', width: 1280, height: 720, durationSeconds: 12.5 })
    // The boxes around the mdat are a few hundred bytes; the mdat is 256 MiB.
    expect(read()).toBeLessThan(64 * 1024)
  })

  it('reads version-1 headers and rotated tracks', async () => {
    const file = Buffer.concat([ftyp('qt  ', 'qt  '), moov(mvhd(600, 600 * 90, 1), trak('vide', tkhd(1920, 1080, true)))])
    expect(await probeMedia(file)).toMatchObject({ mime: 'video/quicktime', width: 1080, height: 1920, durationSeconds: 90 })
  })

  it('gives an M4A its duration and no picture size', async () => {
    const file = Buffer.concat([ftyp('M4A ', 'M4A ', 'isom'), moov(mvhd(44100, 44100 * 3), trak('soun', tkhd(0, 0)))])
    const probe = await probeMedia(file)
    expect(probe).toMatchObject({ mime: 'audio/mp4', kind: 'audio', durationSeconds: 3 })
    expect(probe?.width).toBeUndefined()
  })

  it('survives a file with no moov or a lying box size', async () => {
    expect(await probeMedia(Buffer.concat([ftyp('isom'), box('mdat', Buffer.alloc(32))]))).toMatchObject({ mime: 'video/mp4' })
    const liar = Buffer.concat([ftyp('isom'), Buffer.from([0, 0, 0, 4]), Buffer.from('junk')])
    expect(await probeMedia(liar)).toMatchObject({ mime: 'video/mp4' })
  })
})

describe('probeMedia: audio headers', () => {
  it('computes a WAV duration past extra chunks, for any channel count', async () => {
    expect((await probeMedia(wavBytes(8000, 2, 1.5)))?.durationSeconds).toBeCloseTo(1.5, 6)
    expect((await probeMedia(wavBytes(48000, 1, 0.25)))?.durationSeconds).toBeCloseTo(0.25, 6)
  })

  it('reads a FLAC duration from STREAMINFO', async () => {
    const streamInfo = Buffer.alloc(34)
    // sample rate 44100 (20 bits), 2 channels, 16 bits, 441000 samples (36 bits)
    const packed = (44100n << 44n) | (1n << 41n) | (15n << 36n) | 441000n
    streamInfo.writeBigUInt64BE(packed, 10)
    const file = Buffer.concat([Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 34]), streamInfo])
    expect(await probeMedia(file)).toMatchObject({ mime: 'audio/flac', durationSeconds: 10 })
  })

  it('gives MP3 and Ogg their type only', async () => {
    expect(await probeMedia(Buffer.concat([Buffer.from('ID3'), Buffer.alloc(61)]))).toEqual({ mime: 'audio/mpeg', kind: 'audio', ext: 'mp3', sizeBytes: 64 })
    expect(await probeMedia(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60)]))).toMatchObject({ mime: 'audio/ogg' })
  })
})

describe('probeMedia: unknown input', () => {
  it('returns null for content it does not recognise', async () => {
    expect(await probeMedia(Buffer.from('definitely not media'))).toBeNull()
    expect(await probeMedia(new Uint8Array())).toBeNull()
  })

  it('throws for a missing file', async () => {
    await expect(probeMedia(join(tempDir(), 'missing.png'))).rejects.toThrow(/ENOENT/)
  })
})
