// Building the pieces of one request: URL, headers, body; and flattening response headers.
import { FormData as UndiciFormData } from 'undici'
import type { BytesBody, HttpRequest, QueryValue } from './types'

/** Joins a base URL (which may carry a path prefix) and a request path, then adds the query. */
export function buildUrl(baseUrl: string, path: string, query?: Readonly<Record<string, QueryValue>>): string {
  const base = baseUrl.replace(/\/+$/, '')
  const url = new URL(base + (path.startsWith('/') ? path : `/${path}`))
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value))
  }
  return url.toString()
}

/** Throws on a base URL the client could never use, so the mistake shows at start-up rather than per request. */
export function checkBaseUrl(baseUrl: string): void {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new TypeError('The service URL is not a valid URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('The service URL must start with http:// or https://')
  }
}

export interface EncodedBody {
  body: string | Uint8Array | UndiciFormData | undefined
  contentType: string | undefined
}

function isBytesBody(body: NonNullable<HttpRequest<unknown>['body']>): body is BytesBody {
  return 'bytes' in body && body.bytes instanceof Uint8Array
}

/**
 * Encodes the body afresh for every attempt. undici's own FormData is streamed as is;
 * any other FormData (Node's global one comes from a different undici copy, which this
 * undici cannot serialise) is encoded by the runtime's Response into bytes and a
 * content type with its boundary.
 */
export async function encodeBody(request: Pick<HttpRequest<unknown>, 'json' | 'body'>): Promise<EncodedBody> {
  if (request.json !== undefined && request.body !== undefined) {
    throw new TypeError('A request takes either json or body, not both')
  }
  if (request.json !== undefined) return { body: JSON.stringify(request.json), contentType: 'application/json' }
  if (request.body === undefined) return { body: undefined, contentType: undefined }
  if (isBytesBody(request.body)) return { body: request.body.bytes, contentType: request.body.contentType }
  // undici sets the multipart content type, with its boundary, for its own FormData.
  if (request.body instanceof UndiciFormData) return { body: request.body, contentType: undefined }
  const encoded = new Response(request.body)
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? undefined
  }
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value
  return out
}

/** Later sources win: defaults, auth, the request's own headers, then what the body and key require. */
export function buildHeaders(
  authHeaders: Readonly<Record<string, string>>,
  requestHeaders: Readonly<Record<string, string>> | undefined,
  contentType: string | undefined,
  idempotencyKey: string | undefined
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...lowerCaseKeys(authHeaders),
    ...lowerCaseKeys(requestHeaders ?? {})
  }
  if (contentType !== undefined) headers['content-type'] = contentType
  if (idempotencyKey !== undefined && idempotencyKey !== '') headers['idempotency-key'] = idempotencyKey
  return headers
}

export function flattenHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}
