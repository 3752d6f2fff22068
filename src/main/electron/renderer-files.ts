// Answers a request of the app's page scheme (`app://mediagen/<path>`) with a file of the
// built renderer: only files inside that folder (links followed and checked), typed by
// extension, with the page's CSP on documents. Web Request and Response only, no Electron,
// so the whole answer can be tested under plain Node.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { realPathInside } from '../core/fs/inside-folder'
import { contentTypeOf } from '../core/media/content-type'
import { rendererPathOf } from './app-url'

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } })
}

type Body = ConstructorParameters<typeof Response>[0]

export async function serveRendererFile(request: Request, rendererDir: string, csp: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } })
  const rel = rendererPathOf(request.url)
  const abs = rel === null ? null : await realPathInside(rendererDir, rel)
  const info = abs === null ? null : await stat(abs).catch(() => null)
  if (abs === null || !info?.isFile()) return notFound()

  const type = contentTypeOf(abs)
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Content-Length': String(info.size),
    'X-Content-Type-Options': 'nosniff',
    // The files change only with a new build of the app; each load reads them again.
    'Cache-Control': 'no-cache'
  }
  // The CSP binds documents: the header holds even where the page's own <meta> is missing.
  if (type.startsWith('text/html')) headers['Content-Security-Policy'] = csp
  // Node's web stream and the global Response's stream type are the same object under two declarations.
  const body = request.method === 'HEAD' || info.size === 0 ? null : (Readable.toWeb(createReadStream(abs)) as unknown as Body)
  return new Response(body, { status: 200, headers })
}
