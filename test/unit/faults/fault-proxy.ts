// A fault-injecting HTTP proxy between the app and the demo service, independent of the
// demo service's own faults, and rougher than they are. It behaves like a bad network:
//
// - CDN bodies (200 and 206 alike) are cut at a random byte after the headers, and the
//   socket is destroyed at once, without waiting for the written bytes to flush;
// - CDN answers are replaced by a 200 HTML error page, as a captive portal or a CDN edge
//   in trouble sends (it says nothing about whether the file still exists);
// - API requests are answered 500 or 429 without reaching the service;
// - API requests reach the service, which acts on them, and then the answer is dropped
//   (the socket destroyed): the client cannot know whether it happened.
//
// Every decision comes from a seeded generator, so a failing seed can be replayed.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { seeded } from '../../../src/simulator/faults'

export interface ProxyFaults {
  /** Share of CDN answers cut at a random byte of the body. */
  cutBody: number
  /** Share of API requests answered 500 without forwarding. */
  error500: number
  /** Share of API requests answered 429 without forwarding. */
  rateLimit: number
  /** Share of API requests forwarded, acted on, and then left unanswered. */
  dropAnswer: number
  /** Share of CDN answers replaced by a 200 `text/html` error page. */
  errorPage?: number
}

export const NO_PROXY_FAULTS: ProxyFaults = { cutBody: 0, error500: 0, rateLimit: 0, dropAnswer: 0, errorPage: 0 }

const ERROR_PAGE = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>'

export interface FaultProxy {
  url: string
  faults: ProxyFaults
  counts: Record<'cut' | '500' | '429' | 'dropped' | 'forwarded' | 'errorPage', number>
  close(): Promise<void>
}

export async function startFaultProxy(upstream: string, seed: number, faults: ProxyFaults): Promise<FaultProxy> {
  // The demo service's own seeded generator: a failing seed can be replayed.
  const random = seeded(seed)
  const target = new URL(upstream)
  const sockets = new Set<Socket>()
  const proxy: FaultProxy = { url: '', faults: { ...faults }, counts: { cut: 0, '500': 0, '429': 0, dropped: 0, forwarded: 0, errorPage: 0 }, close: async () => undefined }

  const server: Server = createServer((req, res) => {
    const cdn = cdnPath(req)
    const f = proxy.faults
    if (!cdn && random() < f.error500) {
      proxy.counts['500']++
      return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Proxy error"}')
    }
    if (!cdn && random() < f.rateLimit) {
      proxy.counts['429']++
      return void res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"error":"Slow down"}')
    }
    // Rolled only when asked for, so the other faults of a seed stay as they were.
    const errorPage = f.errorPage ?? 0
    if (cdn && errorPage > 0 && random() < errorPage) {
      proxy.counts.errorPage++
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ERROR_PAGE)
    }
    const drop = !cdn && random() < f.dropAnswer
    const cut = cdn && random() < f.cutBody ? random() : null
    forward(req, res, drop, cut)
  })

  function forward(req: IncomingMessage, res: ServerResponse, drop: boolean, cutAt: number | null): void {
    proxy.counts.forwarded++
    const upstreamReq = request({
      host: target.hostname, port: target.port, method: req.method, path: req.url,
      headers: { ...req.headers, host: target.host }
    }, (up) => {
      if (drop) {
        // The service has acted; the client never hears of it.
        up.resume()
        up.once('end', () => {
          proxy.counts.dropped++
          req.socket.destroy()
        })
        return
      }
      if (!cdnPath(req)) {
        // API answers name CDN URLs on the service's own origin; point them at the proxy,
        // so that downloads come through it too.
        const chunks: Buffer[] = []
        up.on('data', (c: Buffer) => chunks.push(c))
        up.on('end', () => {
          const body = Buffer.from(Buffer.concat(chunks).toString('utf8').split(target.origin).join(proxy.url))
          res.writeHead(up.statusCode ?? 502, { ...up.headers, 'content-length': String(body.length) }).end(body)
        })
        return
      }
      const length = Number(up.headers['content-length'] ?? NaN)
      res.writeHead(up.statusCode ?? 502, up.headers)
      if (cutAt === null || !(length > 0) || (up.statusCode !== 200 && up.statusCode !== 206)) {
        up.pipe(res)
        return
      }
      // Cut at a random byte: write what came before it, then destroy the socket at
      // once, so whatever is still in our buffers never reaches the client.
      const cutOffset = Math.floor(cutAt * length)
      let sent = 0
      proxy.counts.cut++
      up.on('data', (chunk: Buffer) => {
        if (sent >= cutOffset) return
        const part = chunk.subarray(0, cutOffset - sent)
        sent += part.length
        res.write(part)
        if (sent >= cutOffset) {
          up.destroy()
          res.socket?.destroy()
        }
      })
      up.on('end', () => res.socket?.destroy())
    })
    upstreamReq.on('error', () => req.socket.destroy())
    req.pipe(upstreamReq)
  }

  server.on('connection', (s) => {
    sockets.add(s)
    s.once('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.close = async () => {
    for (const s of sockets) s.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return proxy
}

function cdnPath(req: IncomingMessage): boolean {
  return (req.url ?? '').startsWith('/cdn/')
}
