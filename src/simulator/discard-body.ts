// After an answer given before the request body was read (401, 429, 413…), the rest of
// the body is read and dropped before the connection is closed. Closing a socket that
// still has unread bytes makes the kernel send a reset, and a client still writing its
// body then meets EPIPE or ECONNRESET instead of reading the answer. Bounded in bytes
// and time, so a client cannot keep the service reading forever.
import type { IncomingMessage } from 'node:http'

export interface DiscardLimits {
  maxBytes: number
  maxMs: number
}

export const DISCARD_LIMITS: DiscardLimits = { maxBytes: 64 * 1024 * 1024, maxMs: 5000 }

/** True when the request has a body that has not all arrived yet. */
export function bodyStillArriving(req: IncomingMessage): boolean {
  if (req.complete || req.destroyed) return false
  if (req.headers['transfer-encoding'] !== undefined) return true
  const length = Number(req.headers['content-length'] ?? 0)
  return Number.isFinite(length) && length > 0
}

/** Reads and drops what is left of the body; true when it all arrived within the limits. */
export function discardBody(req: IncomingMessage, limits: DiscardLimits = DISCARD_LIMITS): Promise<boolean> {
  if (req.complete) return Promise.resolve(true)
  if (req.destroyed) return Promise.resolve(false)
  return new Promise((resolve) => {
    let seen = 0
    const done = (whole: boolean) => {
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onGone)
      req.off('close', onGone)
      if (!whole) req.pause()
      resolve(whole)
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > limits.maxBytes) done(false)
    }
    const onEnd = () => done(true)
    const onGone = () => done(false)
    const timer = setTimeout(() => done(false), limits.maxMs)
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('error', onGone)
    req.once('close', onGone)
    req.resume()
  })
}
