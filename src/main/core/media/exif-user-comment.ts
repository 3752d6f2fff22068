// The A1111 text as EXIF UserComment, where A1111 itself, its forks and image sites read
// the settings of a JPEG or WebP: a big-endian TIFF block holding one Exif IFD with one
// UserComment, in UTF-16BE after the "UNICODE" charset code (as piexif writes it). The
// block is built the same way every time, so one the app wrote is told from any other
// by building it again from its text and comparing bytes.

const UNICODE_PREFIX = Buffer.from('UNICODE\0', 'latin1')
const EXIF_IFD_POINTER = 0x8769
const USER_COMMENT = 0x9286
const TYPE_LONG = 4
const TYPE_UNDEFINED = 7
// Header (8), IFD0 with one entry (2 + 12 + 4), then the Exif IFD with one entry.
const EXIF_IFD_AT = 26
const COMMENT_AT = EXIF_IFD_AT + 2 + 12 + 4

/** UTF-16 in the other byte order: Node speaks little-endian, piexif writes big-endian. */
function swapBytes(bytes: Buffer): Buffer {
  return Buffer.from(bytes).swap16()
}

const utf16be = (text: string): Buffer => swapBytes(Buffer.from(text, 'utf16le'))

function entry(tag: number, type: number, count: number, value: number): Buffer {
  const b = Buffer.alloc(12)
  b.writeUInt16BE(tag, 0)
  b.writeUInt16BE(type, 2)
  b.writeUInt32BE(count, 4)
  b.writeUInt32BE(value, 8)
  return b
}

function ifd(only: Buffer): Buffer {
  const count = Buffer.alloc(2)
  count.writeUInt16BE(1, 0)
  return Buffer.concat([count, only, Buffer.alloc(4)])
}

/** The TIFF block (what follows "Exif\0\0" in a JPEG's APP1, or fills a WebP's EXIF chunk). */
export function buildExifUserComment(text: string): Buffer {
  const comment = Buffer.concat([UNICODE_PREFIX, utf16be(text)])
  return Buffer.concat([
    Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1'),
    ifd(entry(EXIF_IFD_POINTER, TYPE_LONG, 1, EXIF_IFD_AT)),
    ifd(entry(USER_COMMENT, TYPE_UNDEFINED, comment.length, COMMENT_AT)),
    comment
  ])
}

/** True for a block this app wrote: nothing else in it, nothing of anyone else's lost by removing it. */
export function isOurExif(tiff: Buffer): boolean {
  if (tiff.length < COMMENT_AT + UNICODE_PREFIX.length || (tiff.length - COMMENT_AT) % 2 !== 0) return false
  if (!tiff.subarray(COMMENT_AT, COMMENT_AT + UNICODE_PREFIX.length).equals(UNICODE_PREFIX)) return false
  const text = swapBytes(tiff.subarray(COMMENT_AT + UNICODE_PREFIX.length)).toString('utf16le')
  return buildExifUserComment(text).equals(tiff)
}
