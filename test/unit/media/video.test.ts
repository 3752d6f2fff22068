import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { children, readFloat, readUint } from '../../../src/main/core/media/ebml'
import { probeMedia } from '../../../src/main/core/media/probe'
import { makeThumbnail, webpFromVp8 } from '../../../src/main/core/media/thumbnail'
import { renderVideo } from '../../../src/simulator/media'
import { useTempDir } from './helpers'

const tempDir = useTempDir()

/** Every SimpleBlock of the file: cluster time + block time (ms), key-frame flag, frame bytes. */
function blocks(webm: Buffer): { ms: number; key: boolean; frame: Uint8Array }[] {
  const out: { ms: number; key: boolean; frame: Uint8Array }[] = []
  const segment = [...children(webm)].find((e) => e.id === 0x18538067)
  for (const cluster of segment ? children(segment.data) : []) {
    if (cluster.id !== 0x1f43b675) continue
    let clusterMs = 0
    for (const el of children(cluster.data)) {
      if (el.id === 0xe7) clusterMs = readUint(el.data)
      if (el.id !== 0xa3) continue
      const view = Buffer.from(el.data)
      out.push({ ms: clusterMs + view.readInt16BE(1), key: ((el.data[3] ?? 0) & 0x80) !== 0, frame: el.data.subarray(4) })
    }
  }
  return out
}

const decode = (frame: Uint8Array) => sharp(webpFromVp8(frame)).raw().toBuffer({ resolveWithObject: true })

async function distance(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [ra, rb] = await Promise.all([decode(a), decode(b)])
  let sum = 0
  for (let i = 0; i < ra.data.length; i++) sum += Math.abs((ra.data[i] ?? 0) - (rb.data[i] ?? 0))
  return sum / ra.data.length
}

const base = { prompt: 'A paper boat on a rainy street', seed: 11, width: 1920, height: 1080, durationSeconds: 3 }

describe('renderVideo', () => {
  it('produces a WebM whose headers give size, duration and codec', async () => {
    const video = await renderVideo(base)
    const probe = await probeMedia(video)
    expect(probe).toMatchObject({ mime: 'video/webm', kind: 'video', width: 320, height: 180, codec: 'V_VP8' })
    expect(probe?.durationSeconds).toBeCloseTo(3, 6)
    // The same from a file on disk.
    const path = join(tempDir(), 'clip.webm')
    await writeFile(path, video)
    expect(await probeMedia(path)).toMatchObject({ width: 320, height: 180, durationSeconds: 3, sizeBytes: video.length })
  })

  it('stores fps x duration key frames, in order, one cluster per second', async () => {
    const list = blocks(await renderVideo({ ...base, fps: 8 }))
    expect(list).toHaveLength(24)
    expect(list.every((b) => b.key)).toBe(true)
    expect(list.map((b) => b.ms)).toEqual(Array.from({ length: 24 }, (_, i) => Math.round(i * 125)))
  })

  it('has frames that decode at the video size and visibly move', async () => {
    const list = blocks(await renderVideo(base))
    const first = list[0]
    const last = list.at(-1)
    if (!first || !last) throw new Error('no frames')
    const decoded = await decode(first.frame)
    expect(decoded.info).toMatchObject({ width: 320, height: 180 })
    expect(await distance(first.frame, last.frame)).toBeGreaterThan(3)
  })

  it('is deterministic and depends on prompt and seed', async () => {
    const [a, b, otherSeed, otherPrompt] = await Promise.all([
      renderVideo({ ...base, durationSeconds: 1 }),
      renderVideo({ ...base, durationSeconds: 1 }),
      renderVideo({ ...base, durationSeconds: 1, seed: 12 }),
      renderVideo({ ...base, durationSeconds: 1, prompt: 'A dragon over mountains' })
    ])
    expect(Buffer.compare(a, b)).toBe(0)
    const firstFrame = (v: Buffer) => blocks(v)[0]?.frame ?? new Uint8Array()
    expect(await distance(firstFrame(a), firstFrame(otherSeed))).toBeGreaterThan(10)
    expect(await distance(firstFrame(a), firstFrame(otherPrompt))).toBeGreaterThan(10)
  })

  it('follows the requested shape and maxSide', async () => {
    const portrait = await probeMedia(await renderVideo({ ...base, width: 1080, height: 1920, durationSeconds: 0.5 }))
    expect(portrait).toMatchObject({ width: 180, height: 320 })
    const big = await probeMedia(await renderVideo({ ...base, durationSeconds: 0.5, maxSide: 640 }))
    expect(big).toMatchObject({ width: 640, height: 360 })
  })

  it('writes the Duration the caller asked for even when it is not a whole number of frames', async () => {
    const video = await renderVideo({ ...base, durationSeconds: 2.3, fps: 4 })
    const segment = [...children(video)].find((e) => e.id === 0x18538067)
    const info = [...children(segment?.data ?? new Uint8Array())].find((e) => e.id === 0x1549a966)
    const duration = [...children(info?.data ?? new Uint8Array())].find((e) => e.id === 0x4489)
    expect(readFloat(duration?.data ?? new Uint8Array())).toBeCloseTo(2300)
    expect(blocks(video)).toHaveLength(9)
  })

  it('keeps a 10 s clip cheap to render: 80 key frames of at most 320 px, well under a MB', async () => {
    // The work is one frame drawn and encoded per frame: 8 fps at 320 px, whatever size
    // was asked for, and no frame depends on another.
    const video = await renderVideo({ ...base, durationSeconds: 10 })
    const frames = blocks(video)
    expect(frames).toHaveLength(80)
    expect(frames.every((f) => f.key)).toBe(true)
    expect(await probeMedia(video)).toMatchObject({ width: 320, height: 180, durationSeconds: 10 })
    expect(video.length).toBeLessThan(1024 * 1024)
  })

  it('rejects bad durations and frame rates', async () => {
    await expect(renderVideo({ ...base, durationSeconds: 0 })).rejects.toThrow(RangeError)
    await expect(renderVideo({ ...base, durationSeconds: Number.POSITIVE_INFINITY })).rejects.toThrow(RangeError)
    await expect(renderVideo({ ...base, fps: 0 })).rejects.toThrow(RangeError)
  })

  it('gives a thumbnail from its first key frame', async () => {
    const path = join(tempDir(), 'thumb-source.webm')
    await writeFile(path, await renderVideo(base))
    const out = join(tempDir(), 'thumb.webp')
    expect(await makeThumbnail(path, out, 160)).toBe(true)
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width: 160, height: 90 })
  })
})
