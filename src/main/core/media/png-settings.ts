// Generation settings inside a PNG: two iTXt chunks right after IHDR, `parameters` (the
// A1111 text that image tools read) and `mediagen.request` (the full request as JSON).
//
// The chunks carry the language tag `x-mediagen`, which marks them as the app's own, so
// that stripping them gives back exactly the bytes the service sent (the library's
// sha256 stays the CDN's), and writing them again replaces rather than adds.
import { crc32 } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const OUR_LANGUAGE = 'x-mediagen'
export const PARAMETERS_KEYWORD = 'parameters'
export const REQUEST_KEYWORD = 'mediagen.request'

interface Chunk {
  type: string
  data: Buffer
  /** Offsets of the whole chunk (length, type, data, CRC) in the file. */
  start: number
  end: number
}

export function isPng(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.subarray(0, 8).equals(SIGNATURE)
}

/** The chunks after the signature, in order, up to the first one cut short. */
export function* pngChunks(png: Buffer): Generator<Chunk> {
  let at = 8
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at)
    const end = at + 12 + length
    if (end > png.length) return
    yield { type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length), start: at, end }
    at = end
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

/** An uncompressed iTXt chunk: keyword, flags, language, translated keyword, UTF-8 text. */
function itxt(keyword: string, text: string, language: string): Buffer {
  return chunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\0\0${language}\0\0`, 'latin1'), Buffer.from(text, 'utf8')]))
}

interface TextChunk {
  keyword: string
  text: string
  language: string
}

function readText(c: Chunk): TextChunk | null {
  if (c.type === 'tEXt') {
    const nul = c.data.indexOf(0)
    return nul > 0 ? { keyword: c.data.toString('latin1', 0, nul), text: c.data.toString('latin1', nul + 1), language: '' } : null
  }
  if (c.type !== 'iTXt') return null
  const nul = c.data.indexOf(0)
  if (nul <= 0 || c.data[nul + 1] !== 0) return null // compressed text is not ours to read here
  const langEnd = c.data.indexOf(0, nul + 3)
  const transEnd = langEnd < 0 ? -1 : c.data.indexOf(0, langEnd + 1)
  if (transEnd < 0) return null
  return { keyword: c.data.toString('latin1', 0, nul), language: c.data.toString('latin1', nul + 3, langEnd), text: c.data.toString('utf8', transEnd + 1) }
}

/** The PNG without the app's own settings chunks: the bytes as the service sent them. */
export function stripPngSettings(png: Buffer): Buffer {
  const parts: Buffer[] = [png.subarray(0, 8)]
  let at = 8
  for (const c of pngChunks(png)) {
    if (readText(c)?.language === OUR_LANGUAGE) {
      parts.push(png.subarray(at, c.start))
      at = c.end
    }
  }
  parts.push(png.subarray(at))
  return parts.length === 2 && at === 8 ? png : Buffer.concat(parts)
}

/** The PNG with the settings chunks (replacing earlier ones of the app) right after IHDR. */
export function withPngSettings(png: Buffer, parameters: string, requestJson: string): Buffer {
  const original = stripPngSettings(png)
  const first = pngChunks(original).next()
  if (first.done || first.value.type !== 'IHDR') throw new Error('not a PNG with an IHDR chunk')
  const ours = Buffer.concat([itxt(PARAMETERS_KEYWORD, parameters, OUR_LANGUAGE), itxt(REQUEST_KEYWORD, requestJson, OUR_LANGUAGE)])
  return Buffer.concat([original.subarray(0, first.value.end), ours, original.subarray(first.value.end)])
}

/** The text chunks of a PNG by keyword (the app's and any other tool's). */
export function readPngText(png: Buffer): Map<string, string> {
  const found = new Map<string, string>()
  for (const c of pngChunks(png)) {
    const t = readText(c)
    if (t && !found.has(t.keyword)) found.set(t.keyword, t.text)
    if (c.type === 'IEND') break
  }
  return found
}
