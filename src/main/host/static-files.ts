// Serves library files (media only, typed by their bytes, sandboxed, with Range support for
// video seeking) and the built page's files compressed and cached by their kind.
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib'
import { planRange } from '../core/media/byte-range'
import { contentTypeOf } from '../core/media/content-type'
import { LIBRARY_FILE_HEADERS, LIBRARY_REFUSALS, openLibraryMedia, planMediaAnswer } from '../core/media/library-media'

/** A library request answered without its file, with the same sandboxing headers as a file. */
export function refuseLibraryRequest(res: ServerResponse, status: 401 | 404 | 405 | 415, headers: Record<string, string> = {}): void {
  const text = status === 415 ? LIBRARY_REFUSALS.refused : status === 404 ? LIBRARY_REFUSALS.missing : ''
  res.writeHead(status, { ...headers, ...LIBRARY_FILE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) })
  res.end(text)
}

/**
 * Serves a library file (`absPath` already vetted, or null when there is none): a picture,
 * video or audio by its bytes, else 415. Ranges are answered with 206.
 */
export async function sendLibraryFile(req: IncomingMessage, res: ServerResponse, absPath: string | null, headers: Record<string, string> = {}): Promise<void> {
  const media = absPath === null ? ({ kind: 'missing' } as const) : await openLibraryMedia(absPath)
  if (media.kind !== 'media') return refuseLibraryRequest(res, media.kind === 'missing' ? 404 : 415)
  const answer = planMediaAnswer(media, req.headers.range ?? null, headers)
  res.writeHead(answer.status, answer.headers)
  if (req.method === 'HEAD' || answer.body === null) {
    await media.close()
    return void res.end()
  }
  // A reader gone early (a video seeked elsewhere) ends the stream and closes the file.
  pipeline(media.stream(answer.body), res, () => undefined)
}

/** Streams a file of the built page, answering `Range` with 206. `absPath` must already be vetted. */
async function sendFile(req: IncomingMessage, res: ServerResponse, absPath: string, headers: Record<string, string> = {}): Promise<void> {
  const info = await stat(absPath).catch(() => null)
  if (!info || !info.isFile()) {
    res.writeHead(404).end()
    return
  }
  const size = info.size
  const base = { 'Content-Type': contentTypeOf(absPath), 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff', ...headers }
  const range = planRange(req.headers.range ?? null, size)
  if (range.kind === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` }).end()
    return
  }
  if (range.kind === 'partial') {
    const { start, end } = range
    res.writeHead(206, { ...base, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) })
    if (req.method === 'HEAD') return void res.end()
    createReadStream(absPath, { start, end }).pipe(res)
    return
  }
  res.writeHead(200, { ...base, 'Content-Length': String(size) })
  if (req.method === 'HEAD') return void res.end()
  createReadStream(absPath).pipe(res)
}

// The built page's scripts and styles are text that compresses to a fraction of its size,
// and Vite names each asset file by a hash of its content: such a file never changes, so
// the browser may keep it for good. The entry page and unhashed files are checked again
// on every load (`no-cache`), so a new build is picked up at once.
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/
const IMMUTABLE = 'public, max-age=31536000, immutable'
// A middle quality: near the best ratio for minified code at a small cost per file, paid
// once per file (the result is kept).
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }
const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

type Encoding = 'br' | 'gzip'
const compressedCache = new Map<string, Promise<Buffer>>()

/** The encoding to answer with: brotli, else gzip, else none (`identity`). */
function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const wants = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return wants('br') ? 'br' : wants('gzip') ? 'gzip' : null
}

function compressed(absPath: string, mtimeMs: number, size: number, encoding: Encoding): Promise<Buffer> {
  // Keyed by the file's identity on disk: a rebuilt file is compressed afresh.
  const key = `${encoding}:${absPath}:${mtimeMs}:${size}`
  let result = compressedCache.get(key)
  if (!result) {
    result = readFile(absPath).then((raw) => (encoding === 'br' ? brotli(raw, BROTLI) : gzipped(raw)))
    result.catch(() => compressedCache.delete(key))
    compressedCache.set(key, result)
  }
  return result
}

/**
 * Serves a file of the built page: `urlPath` is its path in the URL (`/assets/index-…js`),
 * `absPath` the vetted file. Text is compressed when the browser accepts it; hashed assets
 * are cached for good.
 */
export async function sendPageAsset(req: IncomingMessage, res: ServerResponse, urlPath: string, absPath: string, headers: Record<string, string>): Promise<void> {
  const info = await stat(absPath).catch(() => null)
  if (!info || !info.isFile()) return void res.writeHead(404).end()
  const type = contentTypeOf(absPath)
  const encoding = COMPRESSIBLE.test(type) ? chooseEncoding(req.headers['accept-encoding']) : null
  const cache = HASHED_ASSET.test(urlPath) ? IMMUTABLE : 'no-cache'
  if (!encoding) return sendFile(req, res, absPath, { ...headers, 'Cache-Control': cache })
  const body = await compressed(absPath, info.mtimeMs, info.size, encoding)
  res.writeHead(200, {
    ...headers,
    'Content-Type': type,
    'Content-Encoding': encoding,
    'Content-Length': String(body.length),
    'Cache-Control': cache,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff'
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}
