// A local HTTP server that answers every request with `200 {}` and records what it was
// sent: it stands in for a host a hostile caller would like the app to send its key to.
import { createServer, type IncomingHttpHeaders } from 'node:http'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
}

export interface RecordingServer {
  url: string
  requests: RecordedRequest[]
  /** The recorded requests that carried this text in any header. */
  carrying(secret: string): RecordedRequest[]
  close(): Promise<void>
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers })
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    carrying: (secret) => requests.filter((r) => Object.values(r.headers).some((v) => [v].flat().some((one) => one?.includes(secret)))),
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}
