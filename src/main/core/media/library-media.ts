// What the page may be shown of a library file, and how. The library folder is the user's
// and anything can be put there (a sync tool, another program, an attacker's download), so a
// file is served only when its own bytes are a picture, video or audio the app recognises,
// with the type those bytes say, never the one its name says: an SVG, an HTML page, a text
// file named `.png` are refused. Every answer also carries a CSP that sandboxes the file
// and forbids it everything, so even a file opened as a document runs no script and loads
// nothing. The Node host and Electron's library scheme answer alike through this module.
import { open, type FileHandle } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { SNIFF_BYTES, sniffMediaType } from '../../../shared/media/sniff'
import { planRange } from './byte-range'

/** The headers of every answer about a library file, refusals included. */
export const LIBRARY_FILE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'X-Content-Type-Options': 'nosniff'
}

/** The text of a refusal; the status says the rest. */
export const LIBRARY_REFUSALS = {
  missing: 'Not found',
  refused: 'Not a picture, video or audio file the app shows'
} as const

type Range = { start: number; end: number }

export interface OpenedMedia {
  kind: 'media'
  /** The media type the file's bytes say, e.g. `image/png`. */
  mime: string
  size: number
  /** The bytes to send, from the file opened once (a file replaced since is not read). Closes the file when done. */
  stream(range: Range): Readable
  /** Closes the file when no body is sent. */
  close(): Promise<void>
}

export type LibraryMedia = OpenedMedia | { kind: 'missing' } | { kind: 'refused' }

async function firstBytes(handle: FileHandle): Promise<Uint8Array> {
  const buffer = Buffer.alloc(SNIFF_BYTES)
  const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0)
  return buffer.subarray(0, bytesRead)
}

/** Opens a vetted library file for serving: `missing` when it is not a readable file, `refused` when its bytes are no media the app shows. */
export async function openLibraryMedia(absPath: string): Promise<LibraryMedia> {
  const handle = await open(absPath, 'r').catch(() => null)
  if (!handle) return { kind: 'missing' }
  try {
    const info = await handle.stat()
    const type = info.isFile() ? sniffMediaType(await firstBytes(handle)) : null
    if (!type) {
      await handle.close()
      return { kind: info.isFile() ? 'refused' : 'missing' }
    }
    return {
      kind: 'media',
      mime: type.mime,
      size: info.size,
      stream: (range) => handle.createReadStream({ start: range.start, end: range.end, autoClose: true }),
      close: () => handle.close()
    }
  } catch {
    // A file that cannot be read is served as none.
    await handle.close().catch(() => undefined)
    return { kind: 'missing' }
  }
}

export interface MediaAnswer {
  status: 200 | 206 | 416
  headers: Record<string, string>
  /** The bytes to send; null when there are none. */
  body: Range | null
}

/** The status, headers and byte range of the answer to a request with `rangeHeader`. */
export function planMediaAnswer(media: OpenedMedia, rangeHeader: string | null, extra: Record<string, string> = {}): MediaAnswer {
  const { size } = media
  const headers = { ...extra, ...LIBRARY_FILE_HEADERS, 'Content-Type': media.mime, 'Accept-Ranges': 'bytes' }
  const plan = planRange(rangeHeader, size)
  if (plan.kind === 'unsatisfiable') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` }, body: null }
  if (plan.kind === 'partial') {
    const { start, end } = plan
    return { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) }, body: { start, end } }
  }
  return { status: 200, headers: { ...headers, 'Content-Length': String(size) }, body: size === 0 ? null : { start: 0, end: size - 1 } }
}
