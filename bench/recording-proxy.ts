// A pass-through proxy that counts the engine's API requests and keeps, for each one, its
// method and path (with its query) and when it arrived, so a benchmark can tell which job a
// request asked about and when. The answers to `GET /v2/jobs/{id}` are kept too (they are
// small), so it can tell which look first found a job finished.
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ProxiedRequest {
  /** "GET /v2/jobs/…" */
  line: string
  /** Date.now() when it arrived. */
  at: number
  /** The answer's body, for `GET /v2/jobs/{id}` only. */
  body?: string
}

export interface RecordingProxy {
  url: string
  count: () => number
  requests: () => readonly ProxiedRequest[]
  close: () => Promise<void>
}

const ONE_JOB = /^GET \/v2\/jobs\/[^/?]+$/

export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const seen: ProxiedRequest[] = []
  const t = new URL(target)
  const server: Server = createServer((req, res) => {
    const entry: ProxiedRequest = { line: `${req.method} ${req.url}`, at: Date.now() }
    seen.push(entry)
    const up = httpRequest({ host: t.hostname, port: t.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers)
      if (ONE_JOB.test(entry.line)) {
        const chunks: Buffer[] = []
        r.on('data', (c: Buffer) => chunks.push(c))
        r.on('end', () => (entry.body = Buffer.concat(chunks).toString()))
      }
      r.pipe(res)
    })
    up.on('error', () => res.destroy())
    req.pipe(up)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => seen.length,
    requests: () => seen,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()) })
  }
}
