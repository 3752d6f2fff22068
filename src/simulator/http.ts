// What a route handler answers, and the small helpers to build it. Handlers return a
// Reply instead of writing to the socket, so the server can still apply an injected
// fault after a state-changing handler has saved its change.
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import type { ValidationDetails } from '../shared/api'

export interface FileBody {
  path: string
  /** Byte range to send, inclusive. */
  start: number
  end: number
}

export type Reply =
  | { status: number; json: unknown; headers?: OutgoingHttpHeaders }
  | { status: number; empty: true; headers?: OutgoingHttpHeaders }
  | { status: number; file: FileBody | null; headers: OutgoingHttpHeaders }

/** An answer other than success, thrown from deep inside a handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: OutgoingHttpHeaders = {}
  ) {
    super(typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : `HTTP ${status}`)
  }
}

export function json(status: number, body: unknown, headers?: OutgoingHttpHeaders): Reply {
  return headers ? { status, json: body, headers } : { status, json: body }
}

/** The v2 ErrorResponse. */
export function fail(status: number, message: string, headers?: OutgoingHttpHeaders): HttpError {
  return new HttpError(status, { error: message }, headers)
}

/** The v2 ValidationError (400). */
export function invalid(details: ValidationDetails): HttpError {
  return new HttpError(400, { error: 'Validation failed', details })
}

const JSON_LIMIT = 1024 * 1024

/**
 * Reads a request body, refusing more than `limit` bytes with 413. Over the limit it
 * stops reading but leaves the request open (unlike leaving a `for await` loop, which
 * destroys it), so the server can answer 413 and drop the rest of the body.
 */
export function readBody(req: IncomingMessage, limit = JSON_LIMIT): Promise<Buffer> {
  const tooLarge = () => fail(413, `Request body larger than ${limit} bytes`)
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge())
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const settle = (finish: () => void) => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('close', onClose)
      finish()
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
      else settle(() => {
        req.pause()
        reject(tooLarge())
      })
    }
    const onEnd = () => settle(() => resolve(Buffer.concat(chunks)))
    const onError = (err: Error) => settle(() => reject(err))
    // Closed before its end: the client went away mid-body.
    const onClose = () => settle(() => reject(Object.assign(new Error('Request closed before its body ended'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })))
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    req.on('close', onClose)
  })
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string }

/** Parses a JSON request body; an empty body is malformed too. */
export async function readJson(req: IncomingMessage): Promise<JsonResult> {
  const raw = await readBody(req)
  const text = raw.toString('utf8')
  if (text.trim() === '') return { ok: false, message: 'Malformed JSON: the body is empty' }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch (err) {
    return { ok: false, message: `Malformed JSON: ${(err as Error).message}` }
  }
}

/** Reads a v2 JSON body, answering 400 with details `$` when it is not JSON. */
export async function readJsonOr400(req: IncomingMessage): Promise<unknown> {
  const parsed = await readJson(req)
  if (!parsed.ok) throw invalid({ $: [parsed.message] })
  return parsed.value
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString()
}
