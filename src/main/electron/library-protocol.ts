// `mediagen-library://file/<relative path>`: how the page shows library files without any
// file:// privilege. Every request is resolved by the engine (inside the library folder,
// symlinks followed and checked); anything else is a 404. Range requests are answered
// with 206 so that <video> can seek.
import { protocol } from 'electron'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { contentTypeOf } from '../core/media/content-type'
import { planRange } from '../core/media/byte-range'
import { LIBRARY_SCHEME, relativePathOf } from './library-url'

const BASE_HEADERS = {
  'Accept-Ranges': 'bytes',
  'X-Content-Type-Options': 'nosniff',
  // Library files are media, never documents: if one were ever opened as a page it could
  // run nothing.
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'private, max-age=3600'
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } })
}

type Body = ConstructorParameters<typeof Response>[0]

function fileBody(abs: string, range?: { start: number; end: number }): Body {
  // Node's web stream and the global Response's stream type are the same object under two declarations.
  return Readable.toWeb(createReadStream(abs, range)) as unknown as Body
}

/** Serves the scheme; `resolve` maps a relative path to an absolute one inside the library, or null. */
export function handleLibraryProtocol(resolve: (relativePath: string) => Promise<string | null>): void {
  protocol.handle(LIBRARY_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } })
    const rel = relativePathOf(request.url)
    if (!rel) return notFound()
    const abs = await resolve(rel).catch(() => null)
    if (!abs) return notFound()
    const info = await stat(abs).catch(() => null)
    if (!info?.isFile()) return notFound()

    const size = info.size
    const headers = { ...BASE_HEADERS, 'Content-Type': contentTypeOf(abs) }
    const head = request.method === 'HEAD'
    const plan = planRange(request.headers.get('range'), size)
    if (plan.kind === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } })
    }
    if (plan.kind === 'partial') {
      const length = plan.end - plan.start + 1
      return new Response(head ? null : fileBody(abs, plan), {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${plan.start}-${plan.end}/${size}`, 'Content-Length': String(length) }
      })
    }
    return new Response(head || size === 0 ? null : fileBody(abs), { status: 200, headers: { ...headers, 'Content-Length': String(size) } })
  })
}
