// A throwaway HTTP server on 127.0.0.1 with a free port, scripted per request.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

export interface Recorded {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export type Responder = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void

export interface TestServer {
  url: string
  requests: Recorded[]
  close: () => Promise<void>
}

/** Request n is answered by responders[n], the last one answering all further requests. */
export async function startServer(responders: Responder | Responder[]): Promise<TestServer> {
  const list = Array.isArray(responders) ? responders : [responders]
  const requests: Recorded[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const index = requests.length
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const responder = list[Math.min(index, list.length - 1)]
      if (responder) responder(req, res, body)
      else res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Responder {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }
}

export function text(status: number, body: string, contentType = 'text/plain'): Responder {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType })
    res.end(body)
  }
}

/** Drops the connection without answering (the client sees a reset or "other side closed"). */
export const destroySocket: Responder = (req) => {
  req.socket.destroy()
}

/** Never answers; the client's timeout must fire. The server's close() cleans the socket up. */
export const hang: Responder = () => {}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
