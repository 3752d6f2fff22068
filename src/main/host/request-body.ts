// Reads a call's JSON body within its route's size limit. A body declared larger than the
// limit is refused before a byte of it is read; one that streams past it (chunked, no
// length) is refused at the limit, so a caller cannot make the host hold more than that.
import type { IncomingMessage } from 'node:http'
import { fileInputSchema } from '../../shared/contract'

const MIB = 1024 * 1024
/** Room for the JSON around the largest field (names, quotes, the other small fields). */
const JSON_SLACK = 64 * 1024
/** Every call without a file in it: settings, prompts, ids, queries. */
const DEFAULT_BODY_LIMIT = 1 * MIB
/** One file from the page, as the contract's largest base64 text. */
const ONE_FILE_LIMIT = (fileInputSchema.shape.dataBase64.maxLength ?? 72 * MIB) + JSON_SLACK
/** A LoRA's training pictures or a collections export, all in one call. */
const LARGE_BODY_LIMIT = 80 * MIB

const BODY_LIMITS: Record<string, number> = {
  'uploads.create': ONE_FILE_LIMIT,
  'settings.fromFile': ONE_FILE_LIMIT,
  'loras.create': LARGE_BODY_LIMIT,
  'collections.import': LARGE_BODY_LIMIT
}

/** The largest body a route takes, in bytes. */
export function bodyLimitOf(route: string): number {
  return Object.hasOwn(BODY_LIMITS, route) ? (BODY_LIMITS[route] as number) : DEFAULT_BODY_LIMIT
}

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 413; message: string }
  | { ok: false; status: 400; message: string }

function tooLarge(limit: number): BodyResult {
  return { ok: false, status: 413, message: `The request body is larger than this call's limit of ${limit} bytes` }
}

function parseJson(text: string): BodyResult {
  try {
    return { ok: true, value: text ? (JSON.parse(text) as unknown) : undefined }
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON' }
  }
}

/**
 * Reads the body as JSON (an empty body is `undefined`). Past `limit` it stops reading and
 * leaves the request paused: the caller answers 413 and then drops the connection.
 */
export function readJsonBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(tooLarge(limit))
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: BodyResult) => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('close', onCut)
      req.off('error', onCut)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      req.pause()
      finish(tooLarge(limit))
    }
    const onEnd = () => finish(parseJson(Buffer.concat(chunks).toString('utf8')))
    const onCut = () => finish({ ok: false, status: 400, message: 'The request body did not arrive whole' })
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('close', onCut)
    req.once('error', onCut)
  })
}
