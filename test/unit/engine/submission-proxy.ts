// A proxy for the submission tests: what reached the service, with which key.
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Seen {
  key: string | undefined
  prompt: string
}

/**
 * Sits between the engine and the demo service and notes the Idempotency-Key of every
 * submission. For prompts in `loseAnswerOnce`, the first answer is dropped after the
 * service took the job, as a connection lost on the way back would.
 */
export async function recordingProxy(target: string, loseAnswerOnce: Set<string>): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      let prompt = ''
      const submission = req.method === 'POST' && /\/generations$/.test(req.url ?? '')
      if (submission) {
        prompt = String((JSON.parse(body.toString('utf8')) as { prompt?: string }).prompt ?? '')
        seen.push({ key: req.headers['idempotency-key'] as string | undefined, prompt })
      }
      const upstream = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
        if (submission && loseAnswerOnce.delete(prompt)) {
          answer.resume()
          answer.on('end', () => req.socket.destroy())
          return
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => req.socket.destroy())
      upstream.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  }
}

