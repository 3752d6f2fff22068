// The chunks of a PNG and the text they carry (tEXt, iTXt and zTXt), read from a file
// that may be damaged or made to hurt: a chunk running past the end stops the walk, a
// compressed text that does not inflate (or inflates past a cap) is left out, and no
// more than a bounded number of chunks and bytes is ever read.
import { inflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** The most text one chunk may inflate to: settings, prompts and workflows are far smaller. */
export const MAX_TEXT_BYTES = 16 * 1024 * 1024
/** Text chunks read per file, at most; a file with more is no generator's. */
const MAX_TEXT_CHUNKS = 256

export interface PngChunk {
  type: string
  data: Buffer
  /** Offsets of the whole chunk (length, type, data, CRC) in the file. */
  start: number
  end: number
}

export interface PngText {
  keyword: string
  text: string
  /** iTXt's language tag ('' for tEXt and zTXt). */
  language: string
  compressed: boolean
}

export function isPng(bytes: Buffer): boolean {
  return bytes.length >= 8 && bytes.subarray(0, 8).equals(SIGNATURE)
}

/** The chunks in order, up to IEND or the first one that runs past the end of the file. */
export function* pngChunks(png: Buffer): Generator<PngChunk> {
  let at = 8
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at)
    const end = at + 12 + length
    if (end > png.length) return
    const type = png.toString('latin1', at + 4, at + 8)
    yield { type, data: png.subarray(at + 8, at + 8 + length), start: at, end }
    if (type === 'IEND') return
    at = end
  }
}

/** zlib data inflated, or null when it is damaged or would inflate past the cap. */
function inflated(data: Buffer): Buffer | null {
  try {
    return inflateSync(data, { maxOutputLength: MAX_TEXT_BYTES })
  } catch {
    return null
  }
}

function readTEXt(data: Buffer): PngText | null {
  const nul = data.indexOf(0)
  return nul > 0 ? { keyword: data.toString('latin1', 0, nul), text: data.toString('latin1', nul + 1), language: '', compressed: false } : null
}

function readZTXt(data: Buffer, inflate: boolean): PngText | null {
  const nul = data.indexOf(0)
  if (nul <= 0 || data[nul + 1] !== 0) return null // 0 is the only compression method PNG defines
  const body = inflate ? inflated(data.subarray(nul + 2)) : Buffer.alloc(0)
  return body ? { keyword: data.toString('latin1', 0, nul), text: body.toString('latin1'), language: '', compressed: true } : null
}

function readITXt(data: Buffer, inflate: boolean): PngText | null {
  const nul = data.indexOf(0)
  if (nul <= 0 || nul + 3 > data.length) return null
  const compressed = data[nul + 1] === 1
  if (compressed && data[nul + 2] !== 0) return null
  const langEnd = data.indexOf(0, nul + 3)
  const transEnd = langEnd < 0 ? -1 : data.indexOf(0, langEnd + 1)
  if (transEnd < 0) return null
  const raw = data.subarray(transEnd + 1)
  const body = !compressed ? raw : inflate ? inflated(raw) : Buffer.alloc(0)
  if (!body) return null
  return { keyword: data.toString('latin1', 0, nul), language: data.toString('latin1', nul + 3, langEnd), text: body.toString('utf8'), compressed }
}

/**
 * The text of a tEXt, zTXt or iTXt chunk, or null for another chunk or one that cannot be
 * read. With `inflate` false a compressed text comes back empty (its keyword and language
 * are read without inflating it).
 */
export function readTextChunk(c: PngChunk, inflate = true): PngText | null {
  if (c.type === 'tEXt') return readTEXt(c.data)
  if (c.type === 'zTXt') return readZTXt(c.data, inflate)
  if (c.type === 'iTXt') return readITXt(c.data, inflate)
  return null
}

export interface PngTexts {
  /** Text by keyword; the first chunk of each keyword wins. */
  text: Map<string, string>
  /** The `eXIf` chunk's TIFF block, if the file has one. */
  exif: Buffer | null
}

/** Every text chunk of a PNG (the app's and any other tool's) and its EXIF block. */
export function readPngTexts(png: Buffer): PngTexts {
  const text = new Map<string, string>()
  let exif: Buffer | null = null
  let seen = 0
  for (const c of pngChunks(png)) {
    if (c.type === 'eXIf' && !exif) exif = c.data
    if (c.type !== 'tEXt' && c.type !== 'zTXt' && c.type !== 'iTXt') continue
    if (++seen > MAX_TEXT_CHUNKS) break
    const t = readTextChunk(c)
    if (t && !text.has(t.keyword)) text.set(t.keyword, t.text)
  }
  return { text, exif }
}
