// A local HTTP server per test (port 0, so tests can run in parallel), temp
// folders, and media-looking bodies for the download tests.
import { createHash, randomBytes } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A body that sniffs as PNG, large enough to arrive in many chunks. */
export function pngBytes(size = 512 * 1024): Buffer {
  const bytes = randomBytes(size)
  PNG_MAGIC.copy(bytes, 0)
  return bytes
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export interface SeenRequest {
  url: string
  headers: IncomingMessage['headers']
}

export type Handler = (req: IncomingMessage, res: ServerResponse, index: number) => void

export interface TestServer {
  url: (path?: string) => string
  requests: SeenRequest[]
  /** Emits 'request' after each request is recorded, for waiting without sleeps. */
  events: EventEmitter
  close: () => Promise<void>
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: SeenRequest[] = []
  const events = new EventEmitter()
  const server = createServer((req, res) => {
    const index = requests.length
    requests.push({ url: req.url ?? '/', headers: req.headers })
    handler(req, res, index)
    events.emit('request', index)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (path = '/file') => `http://127.0.0.1:${port}${path}`,
    requests,
    events,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

/** Resolves once `check` holds, re-checking after every request the server sees. */
export function whenRequests(server: TestServer, check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve()
  return new Promise((resolve) => {
    const listener = (): void => {
      if (!check()) return
      server.events.off('request', listener)
      resolve()
    }
    server.events.on('request', listener)
  })
}

export interface ServeOptions {
  etag?: string
  lastModified?: string
  contentType?: string
  /** Answer Range requests with 206 (default true). */
  honorRange?: boolean
  /** Compare If-Range with the ETag and send the whole file when it differs (default true). */
  honorIfRange?: boolean
  /** Send only this many body bytes, then cut the connection. */
  cutAfter?: number
  /** Announce these bytes' SHA-256 as the file's `Repr-Digest` (RFC 9530), whatever is sent. */
  reprDigestOf?: Buffer
}

/** The `Repr-Digest` value a CDN sends for `bytes`. */
export function reprDigest(bytes: Uint8Array): string {
  return `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`
}

/** A copy of `bytes` with one byte changed, as a bad disk or a broken proxy would deliver it. */
export function corrupted(bytes: Buffer, at = Math.floor(bytes.length / 2)): Buffer {
  const copy = Buffer.from(bytes)
  copy[at] = (copy[at] ?? 0) ^ 0xff
  return copy
}

/** Serves `body` like a CDN: ETag, Range/If-Range, optional mid-body disconnect. */
export function serveBytes(req: IncomingMessage, res: ServerResponse, body: Buffer, opts: ServeOptions = {}): void {
  const headers: Record<string, string | number> = { 'content-type': opts.contentType ?? 'image/png' }
  if (opts.etag !== undefined) headers['etag'] = opts.etag
  if (opts.lastModified !== undefined) headers['last-modified'] = opts.lastModified
  if (opts.reprDigestOf !== undefined) headers['repr-digest'] = reprDigest(opts.reprDigestOf)
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')
  const ifRange = req.headers['if-range']
  const ifRangeOk = opts.honorIfRange === false || ifRange === undefined || ifRange === opts.etag || ifRange === opts.lastModified
  let start = 0
  let status = 200
  if (range?.[1] !== undefined && opts.honorRange !== false && ifRangeOk) {
    start = Number(range[1])
    if (start >= body.length) {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end()
      return
    }
    status = 206
    headers['content-range'] = `bytes ${start}-${body.length - 1}/${body.length}`
  }
  const slice = body.subarray(start)
  headers['content-length'] = slice.length
  res.writeHead(status, headers)
  if (opts.cutAfter === undefined) {
    res.end(slice)
    return
  }
  res.write(slice.subarray(0, opts.cutAfter), () => res.socket?.destroy())
}

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'downloads-test-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}
