// Reads a request body whole, within a size cap and a deadline, so that a client that
// trickles its body a byte at a time cannot hold the connection (and its descriptor).
import type { IncomingMessage } from 'node:http'

export type BodyResult =
  | { ok: true; body: Buffer }
  /** 413: over the cap; 408: not complete before the deadline; 400: the request broke off. */
  | { ok: false; status: 400 | 408 | 413 }

export function readBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > maxBytes) return Promise.resolve({ ok: false, status: 413 })
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: BodyResult): void => {
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('close', onError)
      // Bytes still arriving after a refusal are not read into memory.
      if (!result.ok) req.pause()
      resolve(result)
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > maxBytes) return finish({ ok: false, status: 413 })
      chunks.push(chunk)
    }
    const onEnd = (): void => finish({ ok: true, body: Buffer.concat(chunks, size) })
    const onError = (): void => finish({ ok: false, status: 400 })
    // Node's requestTimeout would also end such a request, but only when its periodic
    // check comes round; this deadline is the listener's own and exact.
    const timer = setTimeout(() => finish({ ok: false, status: 408 }), timeoutMs)
    timer.unref()
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
    // 'close' before 'end' means the client went away mid-body.
    req.on('close', onError)
  })
}
