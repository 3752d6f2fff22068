// Recognises media files by their first bytes, never by name or declared type: the
// service and users can both mislabel files, and the library must store what a file
// really is. Pure TypeScript over Uint8Array so the page, the engine and the demo
// service all use the same rules. The first 64 bytes are enough for every format here.

export type MediaKind = 'image' | 'video' | 'audio'

export interface SniffedType {
  mime: string
  kind: MediaKind
  ext: string
}

/** How many leading bytes `sniffMediaType` looks at; callers need read no more. */
export const SNIFF_BYTES = 64

const PNG: SniffedType = { mime: 'image/png', kind: 'image', ext: 'png' }
const JPEG: SniffedType = { mime: 'image/jpeg', kind: 'image', ext: 'jpg' }
const WEBP: SniffedType = { mime: 'image/webp', kind: 'image', ext: 'webp' }
const GIF: SniffedType = { mime: 'image/gif', kind: 'image', ext: 'gif' }
const MP4: SniffedType = { mime: 'video/mp4', kind: 'video', ext: 'mp4' }
const WEBM: SniffedType = { mime: 'video/webm', kind: 'video', ext: 'webm' }
const MKV: SniffedType = { mime: 'video/x-matroska', kind: 'video', ext: 'mkv' }
const MOV: SniffedType = { mime: 'video/quicktime', kind: 'video', ext: 'mov' }
const MP3: SniffedType = { mime: 'audio/mpeg', kind: 'audio', ext: 'mp3' }
const WAV: SniffedType = { mime: 'audio/wav', kind: 'audio', ext: 'wav' }
const M4A: SniffedType = { mime: 'audio/mp4', kind: 'audio', ext: 'm4a' }
const FLAC: SniffedType = { mime: 'audio/flac', kind: 'audio', ext: 'flac' }
const OGG: SniffedType = { mime: 'audio/ogg', kind: 'audio', ext: 'ogg' }

/** The types a user may upload as an input (start image, reference audio...). */
export const ACCEPTED_UPLOAD_MIME: readonly string[] = [
  PNG.mime, JPEG.mime, WEBP.mime, GIF.mime,
  MP4.mime, WEBM.mime, MOV.mime,
  MP3.mime, WAV.mime, M4A.mime, FLAC.mime, OGG.mime
]

const ALL_TYPES = [PNG, JPEG, WEBP, GIF, MP4, WEBM, MKV, MOV, MP3, WAV, M4A, FLAC, OGG]

// Spellings other tools use for the same formats.
const MIME_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/x-flac': 'audio/flac',
  'audio/x-mpeg': 'audio/mpeg'
}

/** Lower-cases a MIME type, drops parameters (`; codecs=...`) and maps known aliases. */
export function normalizeMime(mime: string): string {
  const bare = (mime.split(';')[0] ?? '').trim().toLowerCase()
  return MIME_ALIASES[bare] ?? bare
}

/** The kind of a MIME type, or null when it is not image, video or audio. */
export function kindOfMime(mime: string): MediaKind | null {
  const bare = normalizeMime(mime)
  const known = ALL_TYPES.find((t) => t.mime === bare)
  if (known) return known.kind
  const top = bare.split('/')[0]
  return top === 'image' || top === 'video' || top === 'audio' ? top : null
}

/** The usual file extension (no dot) for a MIME type, or null when unknown. */
export function extOfMime(mime: string): string | null {
  const bare = normalizeMime(mime)
  return ALL_TYPES.find((t) => t.mime === bare)?.ext ?? null
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  let s = ''
  for (let i = at; i < at + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i] ?? 0)
  return s
}

function startsWith(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  if (bytes.length < at + expected.length) return false
  return expected.every((b, i) => bytes[at + i] === b)
}

function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) * 0x1000000) + (((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0))
}

const VIDEO_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'f4v ', 'mmp4', 'MSNV', 'NDAS', '3gp4', '3gp5', '3gp6', '3g2a'])
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B '])
// HEIF/AVIF images share the ftyp box and often list "iso8" too; they are not videos.
const STILL_IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'mif1', 'msf1'])

/** An ISO base media file (MP4, M4A, MOV): classify by major brand, then by compatible brands. */
function sniffFtyp(bytes: Uint8Array): SniffedType | null {
  const major = ascii(bytes, 8, 4)
  if (STILL_IMAGE_BRANDS.has(major)) return null
  if (AUDIO_BRANDS.has(major)) return M4A
  if (major === 'qt  ') return MOV
  if (VIDEO_BRANDS.has(major)) return MP4
  const boxSize = Math.min(u32be(bytes, 0), bytes.length)
  const compatible: string[] = []
  for (let at = 16; at + 4 <= boxSize; at += 4) compatible.push(ascii(bytes, at, 4))
  if (compatible.some((b) => AUDIO_BRANDS.has(b))) return M4A
  if (compatible.some((b) => VIDEO_BRANDS.has(b))) return MP4
  if (compatible.includes('qt  ')) return MOV
  return null
}

// Old QuickTime files have no ftyp; they open directly with one of these atoms.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'])

function sniffQuickTimeAtom(bytes: Uint8Array): SniffedType | null {
  if (bytes.length < 8 || !QUICKTIME_ATOMS.has(ascii(bytes, 4, 4))) return null
  const size = u32be(bytes, 0)
  // 0 = "to end of file", 1 = "64-bit size follows"; otherwise a box is at least its header.
  return size === 0 || size === 1 || size >= 8 ? MOV : null
}

/** An MPEG audio frame header: sync bits, a real layer, and legal bitrate/sample-rate indexes. */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  const b1 = bytes[1] ?? 0
  const b2 = bytes[2] ?? 0
  if (bytes[0] !== 0xff || (b1 & 0xe0) !== 0xe0) return false
  const version = (b1 >> 3) & 0x03 // 01 is reserved
  const layer = (b1 >> 1) & 0x03 // 00 is reserved (and is what AAC ADTS uses)
  const bitrate = (b2 >> 4) & 0x0f // 1111 is invalid
  const sampleRate = (b2 >> 2) & 0x03 // 11 is reserved
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && sampleRate !== 0x03
}

/** Matroska and WebM share the EBML header; the DocType string inside tells them apart. */
function sniffEbml(bytes: Uint8Array): SniffedType {
  const head = ascii(bytes, 4, Math.min(bytes.length, SNIFF_BYTES) - 4)
  return head.includes('matroska') ? MKV : WEBM
}

/** The media type of a file from its first bytes, or null when it is none we handle. */
export function sniffMediaType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length < 4) return null
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return JPEG
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return GIF
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 4)
    if (form === 'WEBP') return WEBP
    if (form === 'WAVE') return WAV
    return null
  }
  if (startsWith(bytes, 0, [0x1a, 0x45, 0xdf, 0xa3])) return sniffEbml(bytes)
  if (ascii(bytes, 4, 4) === 'ftyp') return sniffFtyp(bytes)
  if (ascii(bytes, 0, 4) === 'fLaC') return FLAC
  if (ascii(bytes, 0, 4) === 'OggS') return OGG
  if (ascii(bytes, 0, 3) === 'ID3') return MP3
  if (isMpegAudioFrame(bytes)) return MP3
  return sniffQuickTimeAtom(bytes)
}
