// The few EXIF texts generators write their settings into: UserComment (A1111 and its
// forks, SwarmUI and Fooocus in JPEG and WebP), ImageDescription (Midjourney), Software
// and MakerNote (Fooocus names its scheme there). The TIFF block is read in either byte
// order, every offset is checked against its end, and an IFD holds at most a bounded
// number of entries: the block comes from a file that may be damaged or made to hurt.
//
// Tools write UserComment in several ways: piexif's "UNICODE" code then UTF-16 (big-endian
// whatever the block's order), exiftool's in the block's order, Pillow's bare ASCII or
// UTF-8 with no code at all. Each is told apart here.

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1')
const MAX_ENTRIES = 512
const IMAGE_DESCRIPTION = 0x010e
const MAKE = 0x010f
const SOFTWARE = 0x0131
const EXIF_IFD_POINTER = 0x8769
const MAKER_NOTE = 0x927c
const USER_COMMENT = 0x9286
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 }

export interface ExifTexts {
  userComment: string | null
  imageDescription: string | null
  software: string | null
  make: string | null
  makerNote: string | null
}

interface Tiff {
  bytes: Buffer
  little: boolean
}

const u16 = (t: Tiff, at: number): number => (t.little ? t.bytes.readUInt16LE(at) : t.bytes.readUInt16BE(at))
const u32 = (t: Tiff, at: number): number => (t.little ? t.bytes.readUInt32LE(at) : t.bytes.readUInt32BE(at))

/** Tag → value bytes of one IFD (inside the block, or left out). */
function readIfd(t: Tiff, offset: number): Map<number, Buffer> {
  const values = new Map<number, Buffer>()
  if (offset < 8 || offset + 2 > t.bytes.length) return values
  const count = Math.min(u16(t, offset), MAX_ENTRIES)
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * 12
    if (at + 12 > t.bytes.length) break
    const tag = u16(t, at)
    const size = (TYPE_SIZES[u16(t, at + 2)] ?? 0) * u32(t, at + 4)
    if (size === 0) continue
    const start = size <= 4 ? at + 8 : u32(t, at + 8)
    if (start + size > t.bytes.length) continue
    if (!values.has(tag)) values.set(tag, t.bytes.subarray(start, start + size))
  }
  return values
}

const withoutNuls = (text: string): string => text.replace(/\0+$/, '')

/** How readable a decoding is: its share of printable ASCII and line breaks. */
function plainness(text: string): number {
  let plain = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c >= 0x20 && c < 0x7f) || c === 10 || c === 13 || c === 9) plain++
  }
  return text.length === 0 ? 0 : plain / text.length
}

/** UTF-16 in whichever byte order reads as text; ties go to the block's own order. */
function utf16(bytes: Buffer, little: boolean): string {
  const even = bytes.subarray(0, bytes.length - (bytes.length % 2))
  const le = even.toString('utf16le')
  const be = Buffer.from(even).swap16().toString('utf16le')
  const [first, second] = little ? [le, be] : [be, le]
  return plainness(second) > plainness(first) ? second : first
}

/** A UserComment: an 8-byte character code, then the text in it. */
export function decodeUserComment(bytes: Buffer, little = false): string | null {
  const code = bytes.toString('latin1', 0, 8)
  let text: string
  if (code === 'UNICODE\0') text = utf16(bytes.subarray(8), little)
  else if (code === 'ASCII\0\0\0' || code === '\0\0\0\0\0\0\0\0') text = bytes.toString('utf8', 8)
  else if (code === 'JIS\0\0\0\0\0') return null
  else text = bytes.toString('utf8')
  const trimmed = withoutNuls(text).trim()
  return trimmed === '' ? null : trimmed
}

function ascii(bytes: Buffer | undefined): string | null {
  if (!bytes) return null
  const text = withoutNuls(bytes.toString('utf8')).trim()
  return text === '' ? null : text
}

/** The TIFF block of an EXIF segment or chunk ("Exif\0\0" first or not), or null. */
function tiffOf(block: Buffer): Tiff | null {
  const bytes = block.subarray(0, 6).equals(EXIF_HEADER) ? block.subarray(6) : block
  if (bytes.length < 8) return null
  const order = bytes.toString('latin1', 0, 2)
  if (order !== 'II' && order !== 'MM') return null
  const t = { bytes, little: order === 'II' }
  return u16(t, 2) === 42 ? t : null
}

/** The texts a generator may have written, or null when the block is no TIFF. */
export function readExifTexts(block: Buffer): ExifTexts | null {
  const t = tiffOf(block)
  if (!t) return null
  const ifd0 = readIfd(t, u32(t, 4))
  const pointer = ifd0.get(EXIF_IFD_POINTER)
  const exif = pointer && pointer.length >= 4 ? readIfd(t, u32({ bytes: pointer, little: t.little }, 0)) : new Map<number, Buffer>()
  // Pillow's Image.Exif puts every tag in IFD0, UserComment too.
  const comment = exif.get(USER_COMMENT) ?? ifd0.get(USER_COMMENT)
  const note = exif.get(MAKER_NOTE) ?? ifd0.get(MAKER_NOTE)
  return {
    userComment: comment ? decodeUserComment(comment, t.little) : null,
    imageDescription: ascii(ifd0.get(IMAGE_DESCRIPTION)),
    software: ascii(ifd0.get(SOFTWARE)),
    make: ascii(ifd0.get(MAKE)),
    makerNote: ascii(note)
  }
}
