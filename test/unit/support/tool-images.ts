// Pictures with settings written the way other generators write them: PNG text chunks as
// Pillow's PngInfo writes them (tEXt, or iTXt when the text is not Latin-1; zTXt and
// compressed iTXt when asked), EXIF blocks as piexif, exiftool and Pillow lay them out,
// and XMP packets. Built from real pictures (sharp), so they decode and get thumbnails.
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

export async function plainPng(width = 24, height = 16, seed = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: 120 } } }).png().toBuffer()
}

export async function plainJpeg(width = 24, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } }).jpeg().toBuffer()
}

export async function plainWebp(width = 24, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).webp().toBuffer()
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

export type TextChunk = { keyword: string; text: string; as?: 'tEXt' | 'iTXt' | 'zTXt' | 'iTXt-z' }

/** As Pillow's PngInfo.add_text: tEXt when the text is Latin-1, else uncompressed iTXt. */
export function textChunk({ keyword, text, as }: TextChunk): Buffer {
  const kind = as ?? ([...text].every((c) => c.charCodeAt(0) <= 0xff) ? 'tEXt' : 'iTXt')
  const key = Buffer.from(keyword, 'latin1')
  if (kind === 'tEXt') return pngChunk('tEXt', Buffer.concat([key, Buffer.from([0]), Buffer.from(text, 'latin1')]))
  if (kind === 'zTXt') return pngChunk('zTXt', Buffer.concat([key, Buffer.from([0, 0]), deflateSync(Buffer.from(text, 'latin1'))]))
  const compressed = kind === 'iTXt-z'
  const body = compressed ? deflateSync(Buffer.from(text, 'utf8')) : Buffer.from(text, 'utf8')
  return pngChunk('iTXt', Buffer.concat([key, Buffer.from([0, compressed ? 1 : 0, 0, 0, 0]), body]))
}

/** The PNG with extra chunks right after IHDR (where Pillow puts its text chunks). */
export function withPngChunks(png: Buffer, chunks: Buffer[]): Buffer {
  const ihdrEnd = 8 + 12 + png.readUInt32BE(8)
  return Buffer.concat([png.subarray(0, ihdrEnd), ...chunks, png.subarray(ihdrEnd)])
}

export async function pngWithText(texts: TextChunk[] | Record<string, string>, extra: Buffer[] = []): Promise<Buffer> {
  const list = Array.isArray(texts) ? texts : Object.entries(texts).map(([keyword, text]) => ({ keyword, text }))
  return withPngChunks(await plainPng(), [...list.map(textChunk), ...extra])
}

// ---- EXIF ----

export interface TiffEntry {
  tag: number
  type: number
  value: Buffer
}

const COUNT_UNIT: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 7: 1 }

/** A TIFF block with IFD0 and, when `exif` has entries, an Exif IFD it points to. */
export function tiff(order: 'II' | 'MM', ifd0: TiffEntry[], exif: TiffEntry[] = []): Buffer {
  const le = order === 'II'
  const u16 = (n: number) => {
    const b = Buffer.alloc(2)
    if (le) b.writeUInt16LE(n)
    else b.writeUInt16BE(n)
    return b
  }
  const u32 = (n: number) => {
    const b = Buffer.alloc(4)
    if (le) b.writeUInt32LE(n)
    else b.writeUInt32BE(n)
    return b
  }
  const zeroIfdEntries = [...ifd0]
  if (exif.length) zeroIfdEntries.push({ tag: 0x8769, type: 4, value: Buffer.alloc(4) })
  const ifdSize = (n: number) => 2 + n * 12 + 4
  const ifd0At = 8
  const exifAt = ifd0At + ifdSize(zeroIfdEntries.length)
  let dataAt = exifAt + (exif.length ? ifdSize(exif.length) : 0)
  const data: Buffer[] = []
  const encode = (entries: TiffEntry[]): Buffer => {
    const parts: Buffer<ArrayBufferLike>[] = [u16(entries.length)]
    for (const e of entries) {
      const value = e.tag === 0x8769 ? u32(exifAt) : e.value
      let field: Buffer<ArrayBufferLike>
      if (value.length <= 4) field = Buffer.concat([value, Buffer.alloc(4 - value.length)])
      else {
        field = u32(dataAt)
        data.push(value)
        dataAt += value.length
      }
      parts.push(u16(e.tag), u16(e.type), u32(value.length / (COUNT_UNIT[e.type] ?? 1)), field)
    }
    parts.push(u32(0))
    return Buffer.concat(parts)
  }
  const head = Buffer.concat([Buffer.from(order, 'latin1'), u16(42), u32(ifd0At)])
  const first = encode(zeroIfdEntries)
  const second = exif.length ? encode(exif) : Buffer.alloc(0)
  return Buffer.concat([head, first, second, ...data])
}

export const ascii = (tag: number, text: string): TiffEntry => ({ tag, type: 2, value: Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])]) })
export const undefinedTag = (tag: number, value: Buffer): TiffEntry => ({ tag, type: 7, value })

/** A UserComment as piexif.helper.UserComment.dump(text, encoding="unicode"): UTF-16 big-endian. */
export const unicodeCommentBE = (text: string): Buffer => Buffer.concat([Buffer.from('UNICODE\0', 'latin1'), Buffer.from(text, 'utf16le').swap16()])
/** As exiftool writes it in a little-endian block. */
export const unicodeCommentLE = (text: string): Buffer => Buffer.concat([Buffer.from('UNICODE\0', 'latin1'), Buffer.from(text, 'utf16le')])

/** piexif.dump({"Exif": {UserComment: …}}): big-endian, the comment in the Exif IFD. */
export function piexifUserComment(text: string): Buffer {
  return tiff('MM', [], [undefinedTag(0x9286, unicodeCommentBE(text))])
}

/** A JPEG with APP1 segments (EXIF blocks get their "Exif\0\0" header) after SOI. */
export function jpegWith(jpeg: Buffer, app1: { exif?: Buffer; xmp?: string }): Buffer {
  const segment = (payload: Buffer) => {
    const head = Buffer.from([0xff, 0xe1, 0, 0])
    head.writeUInt16BE(payload.length + 2, 2)
    return Buffer.concat([head, payload])
  }
  const parts: Buffer[] = []
  if (app1.exif) parts.push(segment(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), app1.exif])))
  if (app1.xmp !== undefined) parts.push(segment(Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(app1.xmp, 'utf8')])))
  return Buffer.concat([jpeg.subarray(0, 2), ...parts, jpeg.subarray(2)])
}

/** A WebP with RIFF chunks appended (EXIF as piexif.insert writes it, without the "Exif\0\0" header). */
export function webpWith(webp: Buffer, chunks: { fourcc: string; data: Buffer }[]): Buffer {
  const extra = chunks.map(({ fourcc, data }) => {
    const head = Buffer.alloc(8)
    head.write(fourcc, 0, 'latin1')
    head.writeUInt32LE(data.length, 4)
    return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)])
  })
  const out = Buffer.concat([webp, ...extra])
  out.writeUInt32LE(out.length - 8, 4)
  return out
}

/** An XMP packet with a dc:description, as Midjourney and photo tools write it. */
export function xmpWithDescription(description: string): string {
  const escaped = description.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return (
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" Iptc4xmpExt:DigitalSourceType="http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia">' +
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escaped}</rdf:li></rdf:Alt></dc:description>` +
    '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
  )
}

/** Python's json.dumps: ", " and ": " between items (as ComfyUI, InvokeAI and Fooocus write), NaN as NaN. */
export function pythonJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? '__NaN__' : v))
    .replace(/"(?:[^"\\]|\\.)*"|[,:]/g, (m) => (m === ',' ? ', ' : m === ':' ? ': ' : m))
    .replace(/"__NaN__"/g, 'NaN')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
