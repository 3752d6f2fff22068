// Generation settings inside a PNG: two iTXt chunks right after IHDR, `parameters` (the
// A1111 text that image tools read) and `mediagen.request` (the full request as JSON).
//
// The chunks carry the language tag `x-mediagen`, which marks them as the app's own, so
// that stripping them gives back exactly the bytes the service sent (the library's
// sha256 stays the CDN's), and writing them again replaces rather than adds.
import { crc32 } from 'node:zlib'
import { isPng, pngChunks as chunks, readPngTexts, readTextChunk, type PngChunk } from './png-text'

const OUR_LANGUAGE = 'x-mediagen'
export const PARAMETERS_KEYWORD = 'parameters'
export const REQUEST_KEYWORD = 'mediagen.request'

export { isPng }

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

/** One of the app's own chunks: an uncompressed iTXt with its language tag. */
function isOurs(c: PngChunk): boolean {
  const t = c.type === 'iTXt' ? readTextChunk(c, false) : null
  return t !== null && !t.compressed && t.language === OUR_LANGUAGE
}

/** The PNG without the app's own settings chunks: the bytes as the service sent them. */
export function stripPngSettings(png: Buffer): Buffer {
  const parts: Buffer[] = [png.subarray(0, 8)]
  let at = 8
  for (const c of chunks(png)) {
    if (isOurs(c)) {
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
  const first = chunks(original).next()
  if (first.done || first.value.type !== 'IHDR') throw new Error('not a PNG with an IHDR chunk')
  const ours = Buffer.concat([itxt(PARAMETERS_KEYWORD, parameters, OUR_LANGUAGE), itxt(REQUEST_KEYWORD, requestJson, OUR_LANGUAGE)])
  return Buffer.concat([original.subarray(0, first.value.end), ours, original.subarray(first.value.end)])
}

/** The text chunks of a PNG by keyword (the app's and any other tool's). */
export function readPngText(png: Buffer): Map<string, string> {
  return readPngTexts(png).text
}
