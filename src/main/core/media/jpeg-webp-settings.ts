// Generation settings inside JPEG and WebP files, as an XMP packet of the app's own (see
// xmp-packet.ts): an APP1 segment after the JFIF header of a JPEG, an `XMP ` chunk of a
// WebP. The A1111 text also goes in EXIF UserComment, where A1111 and image sites read
// it, unless the file already has EXIF of its own (that is left as it is). Stripping them
// gives back exactly the bytes the service sent, so the library's sha256 stays the CDN's;
// writing them again replaces rather than adds.
import { buildExifUserComment, isOurExif } from './exif-user-comment'
import { buildXmpPacket, isOurXmp, readXmpPacket } from './xmp-packet'

export const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1')
export const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1')
const MAX_SEGMENT = 0xffff - 2

export interface EmbeddedSettings {
  parameters: string
  requestJson: string
  prompt: string | null
}

// ---- JPEG ----

export function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8
}

export interface Segment {
  marker: number
  start: number
  end: number
  payload: Buffer
}

// The header segments, up to the first one without a length (start of scan).
export function* jpegSegments(jpeg: Buffer): Generator<Segment> {
  let at = 2
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0
    if (marker === 0xda || marker === 0xd9) return
    const length = jpeg.readUInt16BE(at + 2)
    const end = at + 2 + length
    if (end > jpeg.length) return
    yield { marker, start: at, end, payload: jpeg.subarray(at + 4, end) }
    at = end
  }
}

function ourJpegXmp(s: Segment): boolean {
  return s.marker === 0xe1 && s.payload.subarray(0, XMP_HEADER.length).equals(XMP_HEADER) && isOurXmp(s.payload.toString('utf8', XMP_HEADER.length))
}

const isExifSegment = (s: Segment): boolean => s.marker === 0xe1 && s.payload.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER)
const ourJpegExif = (s: Segment): boolean => isExifSegment(s) && isOurExif(s.payload.subarray(EXIF_HEADER.length))

export function stripJpegSettings(jpeg: Buffer): Buffer {
  const ours = [...jpegSegments(jpeg)].filter((s) => ourJpegXmp(s) || ourJpegExif(s))
  if (ours.length === 0) return jpeg
  const kept: Buffer[] = []
  let at = 0
  for (const s of ours) {
    kept.push(jpeg.subarray(at, s.start))
    at = s.end
  }
  kept.push(jpeg.subarray(at))
  return Buffer.concat(kept)
}

function app1(payload: Buffer): Buffer {
  const head = Buffer.from([0xff, 0xe1, 0, 0])
  head.writeUInt16BE(payload.length + 2, 2)
  return Buffer.concat([head, payload])
}

export function withJpegSettings(jpeg: Buffer, settings: EmbeddedSettings): Buffer {
  const original = stripJpegSettings(jpeg)
  const packet = Buffer.concat([XMP_HEADER, Buffer.from(buildXmpPacket(settings), 'utf8')])
  if (packet.length > MAX_SEGMENT) throw new Error('settings too large for a JPEG segment')
  const exif = Buffer.concat([EXIF_HEADER, buildExifUserComment(settings.parameters)])
  const segments = [...jpegSegments(original)]
  const withExif = exif.length <= MAX_SEGMENT && !segments.some(isExifSegment)
  // After SOI and any JFIF/APP0 segments, which readers expect first.
  let at = 2
  for (const s of segments) {
    if (s.marker !== 0xe0) break
    at = s.end
  }
  return Buffer.concat([original.subarray(0, at), ...(withExif ? [app1(exif)] : []), app1(packet), original.subarray(at)])
}

export function readJpegSettings(jpeg: Buffer): { parameters: string | null; requestJson: string | null } | null {
  for (const s of jpegSegments(jpeg)) {
    if (!ourJpegXmp(s)) continue
    const { parameters, requestJson } = readXmpPacket(s.payload.toString('utf8', XMP_HEADER.length))
    return { parameters, requestJson }
  }
  return null
}

// ---- WebP ----

export function isWebp(bytes: Buffer): boolean {
  return bytes.length >= 16 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP'
}

export interface RiffChunk {
  fourcc: string
  data: Buffer
  start: number
  end: number
}

/** The chunks of a RIFF/WEBP file after its header, in order. */
export function* riffChunks(webp: Buffer): Generator<RiffChunk> {
  let at = 12
  while (at + 8 <= webp.length) {
    const size = webp.readUInt32LE(at + 4)
    const end = at + 8 + size + (size % 2)
    yield { fourcc: webp.toString('latin1', at, at + 4), data: webp.subarray(at + 8, at + 8 + size), start: at, end: Math.min(end, webp.length) }
    at = end
  }
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.write(fourcc, 0, 'latin1')
  head.writeUInt32LE(data.length, 4)
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)])
}

function riff(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks])
  const head = Buffer.alloc(8)
  head.write('RIFF', 0, 'latin1')
  head.writeUInt32LE(body.length, 4)
  return Buffer.concat([head, body])
}

// The canvas size of a simple (VP8 or VP8L) WebP, for the VP8X header an XMP chunk needs.
function canvasOf(c: RiffChunk): { width: number; height: number; alpha: boolean } | null {
  if (c.fourcc === 'VP8 ' && c.data.length >= 10) return { width: c.data.readUInt16LE(6) & 0x3fff, height: c.data.readUInt16LE(8) & 0x3fff, alpha: false }
  if (c.fourcc === 'VP8L' && c.data.length >= 5 && c.data[0] === 0x2f) {
    const bits = c.data.readUInt32LE(1)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, alpha: ((bits >>> 28) & 1) === 1 }
  }
  return null
}

function vp8x(flags: number, width: number, height: number): Buffer {
  const data = Buffer.alloc(10)
  data[0] = flags
  data.writeUIntLE(width - 1, 4, 3)
  data.writeUIntLE(height - 1, 7, 3)
  return riffChunk('VP8X', data)
}

const XMP_FLAG = 0x04
const EXIF_FLAG = 0x08

export function stripWebpSettings(webp: Buffer): Buffer {
  const all = [...riffChunks(webp)]
  const ours = all.find((c) => c.fourcc === 'XMP ' && isOurXmp(c.data.toString('utf8')))
  if (!ours) return webp
  const { attrs } = readXmpPacket(ours.data.toString('utf8'))
  const kept: Buffer[] = []
  for (const c of all) {
    if (c === ours || (c.fourcc === 'EXIF' && isOurExif(c.data))) continue
    if (c.fourcc === 'VP8X') {
      // Undo what was changed to make room for the packet.
      if (attrs.addedVp8x === '1') continue
      const data = Buffer.from(c.data)
      data[0] = Number(attrs.vp8xFlags ?? data[0])
      kept.push(riffChunk('VP8X', data))
      continue
    }
    kept.push(webp.subarray(c.start, c.end))
  }
  return riff(kept)
}

export function withWebpSettings(webp: Buffer, settings: EmbeddedSettings): Buffer {
  const source = stripWebpSettings(webp)
  const all = [...riffChunks(source)]
  const header = all.find((c) => c.fourcc === 'VP8X')
  // EXIF of the file's own stays, and then the settings go in XMP alone.
  const withExif = !all.some((c) => c.fourcc === 'EXIF')
  const flags = XMP_FLAG | (withExif ? EXIF_FLAG : 0)
  const out: Buffer[] = []
  let extra: Record<string, string>
  if (header) {
    extra = { vp8xFlags: String(header.data[0] ?? 0) }
  } else {
    const canvas = all.map(canvasOf).find((c) => c !== null)
    if (!canvas) throw new Error('not a WebP image this app can add settings to')
    extra = { addedVp8x: '1' }
    out.push(vp8x(flags | (canvas.alpha ? 0x10 : 0), canvas.width, canvas.height))
  }
  for (const c of all) {
    if (c.fourcc === 'VP8X') {
      const data = Buffer.from(c.data)
      data[0] = (data[0] ?? 0) | flags
      out.push(riffChunk('VP8X', data))
    } else out.push(source.subarray(c.start, c.end))
  }
  // EXIF then XMP, last, in the order the WebP container lists them.
  if (withExif) out.push(riffChunk('EXIF', buildExifUserComment(settings.parameters)))
  out.push(riffChunk('XMP ', Buffer.from(buildXmpPacket(settings, extra), 'utf8')))
  return riff(out)
}

export function readWebpSettings(webp: Buffer): { parameters: string | null; requestJson: string | null } | null {
  for (const c of riffChunks(webp)) {
    if (c.fourcc !== 'XMP ' || !isOurXmp(c.data.toString('utf8'))) continue
    const { parameters, requestJson } = readXmpPacket(c.data.toString('utf8'))
    return { parameters, requestJson }
  }
  return null
}
