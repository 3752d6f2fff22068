// Size and duration of MP4/M4A/MOV files from their 'moov' box. The box may sit at the
// end of the file (after gigabytes of 'mdat'), so top-level boxes are walked by their
// headers and only 'moov' itself is read.
import { ascii, u32be, u64be } from './source'
import type { ByteSource } from './source'

const MAX_MOOV = 64 * 1024 * 1024 // hours of video fit well below this
const MAX_TOP_LEVEL_BOXES = 10_000

export interface Mp4Info {
  durationSeconds?: number
  width?: number
  height?: number
  hasVideo: boolean
  hasAudio: boolean
}

/** The boxes inside an in-memory payload: type and content (after the header). */
function* boxes(bytes: Uint8Array): Generator<{ type: string; data: Uint8Array }> {
  let at = 0
  while (at + 8 <= bytes.length) {
    let size = u32be(bytes, at)
    let header = 8
    if (size === 1) {
      size = u64be(bytes, at + 8)
      header = 16
    } else if (size === 0) {
      size = bytes.length - at
    }
    if (size < header || at + size > bytes.length) return
    yield { type: ascii(bytes, at + 4, 4), data: bytes.subarray(at + header, at + size) }
    at += size
  }
}

function child(bytes: Uint8Array, type: string): Uint8Array | undefined {
  for (const box of boxes(bytes)) if (box.type === type) return box.data
  return undefined
}

/** Fixed-point 16.16 as a number. */
const fixed16 = (bytes: Uint8Array, at: number) => u32be(bytes, at) / 65536

/** Duration in seconds from 'mvhd' (version 0: 32-bit fields, version 1: 64-bit). */
function movieDuration(mvhd: Uint8Array): number | undefined {
  const v1 = mvhd[0] === 1
  const timescale = u32be(mvhd, v1 ? 20 : 12)
  const duration = v1 ? u64be(mvhd, 24) : u32be(mvhd, 16)
  const unknown = v1 ? duration >= 2 ** 53 : duration === 0xffffffff
  return timescale > 0 && duration > 0 && !unknown ? duration / timescale : undefined
}

/** Fragmented files keep the total in 'mvex/mehd', in the movie timescale. */
function fragmentDuration(moov: Uint8Array, mvhd: Uint8Array): number | undefined {
  const mehd = child(child(moov, 'mvex') ?? new Uint8Array(), 'mehd')
  if (!mehd) return undefined
  const timescale = u32be(mvhd, mvhd[0] === 1 ? 20 : 12)
  const duration = mehd[0] === 1 ? u64be(mehd, 4) : u32be(mehd, 4)
  return timescale > 0 && duration > 0 ? duration / timescale : undefined
}

/** Display width/height from 'tkhd', swapped when the matrix turns the picture a quarter. */
function trackSize(tkhd: Uint8Array): { width: number; height: number } | undefined {
  const matrixAt = tkhd[0] === 1 ? 52 : 40
  const sizeAt = matrixAt + 36
  if (tkhd.length < sizeAt + 8) return undefined
  const width = Math.round(fixed16(tkhd, sizeAt))
  const height = Math.round(fixed16(tkhd, sizeAt + 4))
  if (width === 0 || height === 0) return undefined
  const a = u32be(tkhd, matrixAt)
  const b = u32be(tkhd, matrixAt + 4)
  return a === 0 && b !== 0 ? { width: height, height: width } : { width, height }
}

export function parseMoov(moov: Uint8Array): Mp4Info {
  const info: Mp4Info = { hasVideo: false, hasAudio: false }
  const mvhd = child(moov, 'mvhd')
  if (mvhd) {
    const duration = movieDuration(mvhd) ?? fragmentDuration(moov, mvhd)
    if (duration !== undefined) info.durationSeconds = duration
  }
  for (const box of boxes(moov)) {
    if (box.type !== 'trak') continue
    const hdlr = child(child(box.data, 'mdia') ?? new Uint8Array(), 'hdlr')
    const handler = hdlr ? ascii(hdlr, 8, 4) : ''
    if (handler === 'soun') info.hasAudio = true
    if (handler !== 'vide' || info.hasVideo) continue
    info.hasVideo = true
    const tkhd = child(box.data, 'tkhd')
    const size = tkhd ? trackSize(tkhd) : undefined
    if (size) Object.assign(info, size)
  }
  return info
}

/** Finds 'moov' among the top-level boxes and parses it; null when there is none. */
export async function readMp4Info(source: ByteSource): Promise<Mp4Info | null> {
  let offset = 0
  for (let n = 0; n < MAX_TOP_LEVEL_BOXES && offset + 8 <= source.size; n++) {
    const head = await source.read(offset, 16)
    let size = u32be(head, 0)
    let header = 8
    if (size === 1) {
      size = u64be(head, 8)
      header = 16
    } else if (size === 0) {
      size = source.size - offset
    }
    if (size < header) return null
    if (ascii(head, 4, 4) === 'moov') {
      const length = Math.min(size, source.size - offset) - header
      if (length > MAX_MOOV) return null
      return parseMoov(await source.read(offset + header, length))
    }
    offset += size
  }
  return null
}
