// Durations of uncompressed and lossless audio from their headers alone: WAV by
// bytes-per-second arithmetic over the 'data' chunk, FLAC from its STREAMINFO block.
import { ascii, u16le, u32be, u32le } from './source'
import type { ByteSource } from './source'

export interface AudioInfo {
  durationSeconds?: number
  sampleRate?: number
  channels?: number
}

const MAX_CHUNKS = 1000

/** Walks the RIFF chunks after "RIFF....WAVE" for 'fmt ' and 'data'. */
export async function readWavInfo(source: ByteSource): Promise<AudioInfo> {
  const info: AudioInfo = {}
  let byteRate = 0
  let offset = 12
  for (let n = 0; n < MAX_CHUNKS && offset + 8 <= source.size; n++) {
    const head = await source.read(offset, 8)
    const id = ascii(head, 0, 4)
    const size = u32le(head, 4)
    if (id === 'fmt ') {
      const fmt = await source.read(offset + 8, Math.min(size, 40))
      info.channels = u16le(fmt, 2)
      info.sampleRate = u32le(fmt, 4)
      byteRate = u32le(fmt, 8)
    } else if (id === 'data') {
      // Streaming writers leave the size at 0 or 0xFFFFFFFF; a cut-short file has less than it says.
      const available = source.size - (offset + 8)
      const dataSize = size === 0 || size === 0xffffffff || size > available ? available : size
      if (byteRate > 0) info.durationSeconds = dataSize / byteRate
      return info
    }
    offset += 8 + size + (size % 2) // chunks are padded to even lengths
  }
  return info
}

/** STREAMINFO is always the first metadata block, right after "fLaC". */
export function readFlacInfo(head: Uint8Array): AudioInfo {
  const info: AudioInfo = {}
  if (ascii(head, 0, 4) !== 'fLaC' || ((head[4] ?? 0x7f) & 0x7f) !== 0 || head.length < 26) return info
  // Bytes 18..25: sample rate (20 bits), channels - 1 (3), bits - 1 (5), total samples (36).
  const b18 = head[18] ?? 0, b19 = head[19] ?? 0, b20 = head[20] ?? 0, b21 = head[21] ?? 0
  const sampleRate = (b18 << 12) | (b19 << 4) | (b20 >> 4)
  const totalSamples = (b21 & 0x0f) * 0x100000000 + u32be(head, 22)
  if (sampleRate > 0) {
    info.sampleRate = sampleRate
    info.channels = ((b20 >> 1) & 0x07) + 1
    if (totalSamples > 0) info.durationSeconds = totalSamples / sampleRate
  }
  return info
}
