// Answers a request of the library scheme (`mediagen-library://file/<relative path>`) with
// a library file: resolved by the engine (inside the library folder, symlinks followed and
// checked), served only when its bytes are media the app shows, typed by those bytes, with
// the library's sandboxing headers on every answer. Range requests get 206 so that <video>
// can seek. Web Request and Response only, no Electron, so it is tested under plain Node.
import { Readable } from 'node:stream'
import { LIBRARY_FILE_HEADERS, LIBRARY_REFUSALS, openLibraryMedia, planMediaAnswer } from '../core/media/library-media'
import { relativePathOf } from './library-url'

const CACHE = { 'Cache-Control': 'private, max-age=3600' }

type Body = ConstructorParameters<typeof Response>[0]

function refusal(status: 404 | 405 | 415): Response {
  const text = status === 415 ? LIBRARY_REFUSALS.refused : status === 404 ? LIBRARY_REFUSALS.missing : null
  const allow: Record<string, string> = status === 405 ? { Allow: 'GET, HEAD' } : {}
  return new Response(text, { status, headers: { ...allow, ...LIBRARY_FILE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** `resolve` maps a relative path to an absolute one inside the library, or null. */
export async function serveLibraryFile(request: Request, resolve: (relativePath: string) => Promise<string | null>): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405)
  const rel = relativePathOf(request.url)
  const abs = rel ? await resolve(rel).catch(() => null) : null
  const media = abs ? await openLibraryMedia(abs) : ({ kind: 'missing' } as const)
  if (media.kind !== 'media') return refusal(media.kind === 'missing' ? 404 : 415)
  const answer = planMediaAnswer(media, request.headers.get('range'), CACHE)
  if (request.method === 'HEAD' || answer.body === null) {
    await media.close()
    return new Response(null, { status: answer.status, headers: answer.headers })
  }
  // Node's web stream and the global Response's stream type are the same object under two declarations.
  const body = Readable.toWeb(media.stream(answer.body)) as unknown as Body
  return new Response(body, { status: answer.status, headers: answer.headers })
}
