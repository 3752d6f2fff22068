// MP3, Ogg and FLAC are runs of frames (MP3, FLAC) or pages (Ogg) behind a few headers. A
// file is taken as one when its headers are whole and its first frames or pages begin where
// the previous part says the next begins, so a file of a signature plus garbage is told from
// a real stream without decoding the audio.
import { ascii, u32le } from './source'
import type { ByteSource } from './source'

// Kilobits per second by bitrate index (1..14), for MPEG-1 and for MPEG-2/2.5, by layer.
const BITRATES_V1: Record<number, readonly number[]> = {
  1: [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  2: [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  3: [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
}
const BITRATES_V2: Record<number, readonly number[]> = {
  1: [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  2: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  3: [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
}
const SAMPLE_RATES: Record<number, readonly number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] }

/**
 * The length in bytes of the MPEG audio frame whose 4-byte header is at `at`; 0 for a
 * free-format frame (its length is not in the header); null when there is no frame there.
 */
function mpegFrameLength(bytes: Uint8Array, at: number): number | null {
  const [b0, b1, b2] = [bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0]
  if (at + 4 > bytes.length || b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null
  const version = (b1 >> 3) & 0x03 // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = 4 - ((b1 >> 1) & 0x03) // 4 would be the reserved value 0
  const bitrateIndex = (b2 >> 4) & 0x0f
  const rate = SAMPLE_RATES[version]?.[(b2 >> 2) & 0x03]
  if (version === 1 || layer === 4 || bitrateIndex === 0x0f || rate === undefined) return null
  if (bitrateIndex === 0) return 0
  const kbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[layer]![bitrateIndex - 1]!
  const padding = (b2 >> 1) & 0x01
  if (layer === 1) return (Math.floor((12 * kbps * 1000) / rate) + padding) * 4
  const perSample = layer === 3 && version !== 3 ? 72 : 144
  return Math.floor((perSample * kbps * 1000) / rate) + padding
}

/** Where the audio begins: after an ID3v2 tag (and its footer), if there is one. */
function mpegAudioStart(head: Uint8Array): number {
  if (ascii(head, 0, 3) !== 'ID3') return 0
  // The tag's size is "synchsafe": 4 bytes of 7 bits each.
  const size = (((head[6] ?? 0) & 0x7f) << 21) | (((head[7] ?? 0) & 0x7f) << 14) | (((head[8] ?? 0) & 0x7f) << 7) | ((head[9] ?? 0) & 0x7f)
  const footer = ((head[5] ?? 0) & 0x10) !== 0 ? 10 : 0
  return 10 + size + footer
}

/** True when an MP3's first frame is whole and followed by a second (or by the end of the file). */
export async function isMpegAudioStream(source: ByteSource): Promise<boolean> {
  const start = mpegAudioStart(await source.read(0, 10))
  const first = await source.read(start, 4)
  const length = mpegFrameLength(first, 0)
  if (length === null) return false
  if (length === 0) return true // free format: the header is all there is to check
  if (start + length === source.size) return true
  return mpegFrameLength(await source.read(start + length, 4), 0) !== null
}

const FLAC_STREAMINFO_LENGTH = 34
const MAX_FLAC_BLOCKS = 1000

/**
 * True when a FLAC file's metadata blocks (STREAMINFO first, with a sample rate) run whole
 * up to the first audio frame's sync code.
 */
export async function isFlacStream(source: ByteSource): Promise<boolean> {
  const head = await source.read(0, 8 + FLAC_STREAMINFO_LENGTH)
  const length = ((head[5] ?? 0) << 16) | ((head[6] ?? 0) << 8) | (head[7] ?? 0)
  if (ascii(head, 0, 4) !== 'fLaC' || ((head[4] ?? 0) & 0x7f) !== 0 || length !== FLAC_STREAMINFO_LENGTH) return false
  const sampleRate = ((head[18] ?? 0) << 12) | ((head[19] ?? 0) << 4) | ((head[20] ?? 0) >> 4)
  if (sampleRate === 0) return false
  let offset = 4
  for (let n = 0; n < MAX_FLAC_BLOCKS; n++) {
    const block = await source.read(offset, 4)
    if (block.length < 4) return false
    offset += 4 + (((block[1] ?? 0) << 16) | ((block[2] ?? 0) << 8) | (block[3] ?? 0))
    if (((block[0] ?? 0) & 0x80) === 0) continue // not the last metadata block
    const sync = await source.read(offset, 2)
    return sync[0] === 0xff && ((sync[1] ?? 0) & 0xfe) === 0xf8
  }
  return false
}

// The codecs an Ogg file carries audio in, by the start of its first packet.
const OGG_AUDIO_CODECS = ['OpusHead', '\x01vorbis', '\x7fFLAC', 'Speex   ']

// Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, not reflected, starting at 0.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 24
  for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1
  return c >>> 0
})

function oggCrc(page: Uint8Array): number {
  let crc = 0
  for (let i = 0; i < page.length; i++) {
    const byte = i >= 22 && i < 26 ? 0 : (page[i] ?? 0) // the checksum field counts as zero
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0
  }
  return crc
}

/** The Ogg page at `offset` if it is whole and its checksum holds, else null. */
async function readOggPage(source: ByteSource, offset: number): Promise<Uint8Array | null> {
  const header = await source.read(offset, 27)
  if (header.length < 27 || ascii(header, 0, 4) !== 'OggS' || header[4] !== 0) return null
  const segments = await source.read(offset + 27, header[26] ?? 0)
  const bodyLength = segments.reduce((sum, n) => sum + n, 0)
  const page = await source.read(offset, 27 + segments.length + bodyLength)
  if (segments.length !== (header[26] ?? 0) || page.length !== 27 + segments.length + bodyLength) return null
  return oggCrc(page) === u32le(page, 22) ? page : null
}

/** True when an Ogg file's first page opens an audio stream and a second whole page follows it. */
export async function isOggAudioStream(source: ByteSource): Promise<boolean> {
  const first = await readOggPage(source, 0)
  if (!first || ((first[5] ?? 0) & 0x02) === 0) return false // the first page begins a stream
  const packetAt = 27 + (first[26] ?? 0)
  if (!OGG_AUDIO_CODECS.some((id) => ascii(first, packetAt, id.length) === id)) return false
  return (await readOggPage(source, first.length)) !== null
}
