// Demo video generation without ffmpeg: each frame is drawn with sharp and encoded as a
// lossy WebP, whose 'VP8 ' chunk is exactly a VP8 key frame; the frames are then muxed
// into a WebM, which every Chromium plays. All-key-frame VP8 at a small size and low
// frame rate keeps a 10 s clip well under a second to render and a few hundred KB.
import sharp from 'sharp'
import { fitWithin } from './dimensions'
import { checkSide } from './image'
import { buildScene, sceneSvg } from './scene'
import { muxWebmVp8 } from './webm'

export const VIDEO_DEFAULT_FPS = 8
export const VIDEO_DEFAULT_MAX_SIDE = 320
export const VIDEO_MAX_SECONDS = 600

export interface RenderVideoOptions {
  prompt: string
  seed: number
  /** The requested size; only its shape matters, the clip is scaled to `maxSide`. */
  width: number
  height: number
  durationSeconds: number
  fps?: number
  /** Longest side of the rendered clip. Default 320. */
  maxSide?: number
  label?: string
}

/** The VP8 key frame inside a lossy WebP (RIFF 'WEBP' with a 'VP8 ' chunk). */
export function vp8FromWebp(webp: Uint8Array): Uint8Array {
  const buf = Buffer.from(webp.buffer, webp.byteOffset, webp.byteLength)
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('Not a WebP file')
  }
  // Chunks follow the 12-byte header; each is padded to an even length.
  for (let at = 12; at + 8 <= buf.length;) {
    const type = buf.toString('latin1', at, at + 4)
    const size = buf.readUInt32LE(at + 4)
    if (type === 'VP8 ') return buf.subarray(at + 8, at + 8 + size)
    if (type === 'VP8L') throw new Error('WebP is lossless; a VP8 frame needs lossy encoding')
    at += 8 + size + (size % 2)
  }
  throw new Error('WebP has no VP8 chunk')
}

const even = (v: number) => Math.max(16, Math.round(v / 2) * 2)

function timecode(seconds: number): string {
  const m = Math.floor(seconds / 60)
  const s = seconds - m * 60
  return `${m}:${s.toFixed(1).padStart(4, '0')}`
}

export async function renderVideo(opts: RenderVideoOptions): Promise<Buffer> {
  const fps = opts.fps ?? VIDEO_DEFAULT_FPS
  if (!Number.isFinite(fps) || fps < 1 || fps > 60) throw new RangeError(`fps must be between 1 and 60 (got ${fps})`)
  const duration = opts.durationSeconds
  if (!Number.isFinite(duration) || duration <= 0 || duration > VIDEO_MAX_SECONDS) {
    throw new RangeError(`durationSeconds must be above 0 and at most ${VIDEO_MAX_SECONDS} (got ${duration})`)
  }
  const fitted = fitWithin(checkSide('width', opts.width), checkSide('height', opts.height), opts.maxSide ?? VIDEO_DEFAULT_MAX_SIDE)
  // Even sides: some decoders and players dislike odd frame sizes with 4:2:0 chroma.
  const width = even(fitted.width)
  const height = even(fitted.height)
  const scene = buildScene(opts.prompt, opts.seed, opts.label)
  const frameCount = Math.max(1, Math.round(duration * fps))
  // Two caption lines only: at 320 px a taller band would hide much of the picture.
  const details = [`SEED ${opts.seed}`, ...(opts.label ? [opts.label] : [])].join(' \u00b7 ')

  const renderFrame = async (i: number): Promise<Uint8Array> => {
    const time = i / fps
    const svg = sceneSvg(scene, {
      width, height, time,
      lines: [opts.prompt, `${timecode(time)}/${timecode(duration)} \u00b7 ${details}`],
      wrapFirstLine: false,
      progress: frameCount > 1 ? i / (frameCount - 1) : 1
    })
    // No alpha: an alpha channel would move the image into VP8X + ALPH chunks.
    const webp = await sharp(Buffer.from(svg)).removeAlpha().webp({ quality: 70, effort: 1 }).toBuffer()
    return vp8FromWebp(webp)
  }

  // sharp runs on libuv's thread pool; a bounded batch keeps all of its threads busy
  // without holding every frame's intermediate buffers at once.
  const frames: Uint8Array[] = []
  const batch = 16
  for (let start = 0; start < frameCount; start += batch) {
    const indexes = Array.from({ length: Math.min(batch, frameCount - start) }, (_, k) => start + k)
    frames.push(...(await Promise.all(indexes.map(renderFrame))))
  }
  return muxWebmVp8({ width, height, frames, fps, durationSeconds: duration, writingApp: 'mediagen-demo' })
}
