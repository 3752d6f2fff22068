// Serves files from a folder with Range support (video seeking) and safe path handling.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { planRange } from '../core/media/byte-range'
import { contentTypeOf } from '../core/media/content-type'

/** Streams a file, answering `Range` with 206. `absPath` must already be vetted. */
export async function sendFile(req: IncomingMessage, res: ServerResponse, absPath: string, headers: Record<string, string> = {}): Promise<void> {
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
