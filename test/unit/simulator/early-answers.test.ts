// An answer given before the request body was read (401, 429, 413) reaches a client that
// is still sending a large body, as that status: the service keeps reading and dropping
// the rest of the body for a bounded while instead of closing under the client.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { discardBody } from '../../../src/simulator/discard-body'
import { MAX_UPLOAD_BYTES } from '../../../src/shared/media/upload-limit'
import { call, onCleanup, route, startTestSim, type TestSim } from './helpers'

const MiB = 1024 * 1024
const CHUNK = 64 * 1024

/** `total` bytes, a chunk every few milliseconds: slow enough that the answer comes first. */
function slowBody(total: number, everyMs = 2): Readable {
  let sent = 0
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null)
        return
      }
      const n = Math.min(CHUNK, total - sent)
      sent += n
      setTimeout(() => {
        if (!this.destroyed) this.push(Buffer.alloc(n, 0x61))
      }, everyMs)
    }
  })
}

const MULTIPART = 'multipart/form-data; boundary=----early-answer'

async function upload(sim: TestSim, key: string, body: Readable, length?: number): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'x-api-key': key, 'content-type': MULTIPART }
  if (length !== undefined) headers['content-length'] = String(length)
  const res = await request(sim.url + route('upload'), { method: 'POST', headers, body })
  return { status: res.statusCode, body: await res.body.json(), headers: res.headers }
}

/** The same with node:http, which keeps writing after the answer unless told to stop. */
function uploadWithNodeHttp(sim: TestSim, key: string, body: Readable): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(sim.url + route('upload'), { method: 'POST', headers: { 'x-api-key': key, 'content-type': MULTIPART } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => { text += d })
      res.on('end', () => {
        body.unpipe(req)
        body.destroy()
        req.destroy()
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text })
      })
    })
    req.on('error', reject)
    body.pipe(req)
  })
}

interface RawOutcome {
  answer: string
  error: string | null
  sent: number
}

/**
 * A client busy writing its body: it sends `total` bytes as fast as the socket takes
 * them (in chunked framing when asked) and reads nothing until `readAfterMs` has passed,
 * as a loaded client would. Were the service to close on the unread body, the reset would
 * lose the answer.
 */
function busyClient(sim: TestSim, head: string, total: number, chunked = false, readAfterMs = 300): Promise<RawOutcome> {
  const url = new URL(sim.url)
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname)
    const data = Buffer.alloc(CHUNK, 0x61)
    const frame = chunked ? Buffer.concat([Buffer.from(`${CHUNK.toString(16)}\r\n`), data, Buffer.from('\r\n')]) : data
    let answer = ''
    let error: string | null = null
    let sent = 0
    socket.write(head)
    const pump = () => {
      while (sent < total && !socket.destroyed) {
        sent += CHUNK
        const last = sent >= total && chunked
        if (!socket.write(last ? Buffer.concat([frame, Buffer.from('0\r\n\r\n')]) : frame)) return void socket.once('drain', pump)
      }
    }
    pump()
    socket.pause()
    setTimeout(() => socket.resume(), readAfterMs)
    socket.on('data', (d: Buffer) => { answer += d.toString('latin1') })
    socket.on('error', (e) => { error = e.message })
    socket.on('close', () => resolve({ answer, error, sent }))
  })
}

function requestHead(path: string, headers: Record<string, string>): string {
  const lines = Object.entries({ host: 'localhost', ...headers }).map(([k, v]) => `${k}: ${v}`)
  return `POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`
}

describe('demo service: answers given before the body was read', () => {
  it('401 for a bad key reaches a client streaming several MiB', async () => {
    const sim = await startTestSim()
    const res = await upload(sim, 'mgk_wrong', slowBody(8 * MiB), 8 * MiB)
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'Missing or invalid API key' })
    expect(res.headers.connection).toBe('close')

    const viaNode = await uploadWithNodeHttp(sim, 'mgk_wrong', slowBody(8 * MiB))
    expect(viaNode.status).toBe(401)
    expect(viaNode.headers.connection).toBe('close')
  })

  it('429 when rate limited reaches a client streaming a chunked body', async () => {
    const sim = await startTestSim({ rateLimit: { perSecond: 0.01, burst: 1 } })
    expect((await call(sim, 'GET', route('me'))).status).toBe(200)
    const res = await upload(sim, sim.apiKey, slowBody(8 * MiB))
    expect(res.status).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1)
  })

  it('413 for a declared size over the upload limit, without sending all of it', async () => {
    const sim = await startTestSim()
    const declared = MAX_UPLOAD_BYTES + 2 * MiB
    const res = await upload(sim, sim.apiKey, slowBody(declared), declared)
    expect(res.status).toBe(413)
    expect(res.body).toEqual({ error: expect.stringContaining('50 MiB') as unknown })
    // The service still answers afterwards.
    expect((await call(sim, 'GET', route('me'))).status).toBe(200)
  })

  it('a client that reads late still gets 401, 429 and 413, and no reset while it sends', async () => {
    const sim = await startTestSim({ rateLimit: { perSecond: 0.01, burst: 1 } })
    const total = 16 * MiB

    // Auth comes before the rate limit: a bad key spends nothing.
    const unauthorized = await busyClient(sim, requestHead(route('upload'), { 'x-api-key': 'mgk_wrong', 'content-type': MULTIPART, 'content-length': String(total) }), total)
    expect(unauthorized.answer).toMatch(/^HTTP\/1\.1 401 /)
    expect(unauthorized.answer.toLowerCase()).toContain('connection: close')
    expect(unauthorized.error).toBeNull()
    expect(unauthorized.sent).toBe(total)

    // A JSON body over 1 MiB, chunked: refused (413) part-way through reading it.
    const chunked = await busyClient(sim, requestHead(route('generateImage'), { 'x-api-key': sim.apiKey, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }), 4 * MiB, true)
    expect(chunked.answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(chunked.error).toBeNull()
    expect(chunked.sent).toBe(4 * MiB)

    expect((await call(sim, 'GET', route('me'))).status).toBe(429) // the one-request burst went to the 413
    const limited = await busyClient(sim, requestHead(route('upload'), { 'x-api-key': sim.apiKey, 'content-type': MULTIPART, 'content-length': String(total) }), total)
    expect(limited.answer).toMatch(/^HTTP\/1\.1 429 /)
    expect(limited.error).toBeNull()
  })

  it('stops reading a dropped body at its bounds', async () => {
    const outcomes: boolean[] = []
    const server = createServer((req, res) => {
      void discardBody(req, { maxBytes: MiB, maxMs: 200 }).then((whole) => {
        outcomes.push(whole)
        res.writeHead(204, { connection: 'close' }).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    onCleanup(() => new Promise((resolve) => server.close(() => resolve())))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    const post = (body: Readable, length: number) => request(url, { method: 'POST', body, headers: { 'content-length': String(length) } })
      .then((r) => r.body.dump(), () => undefined)

    await post(Readable.from([Buffer.alloc(MiB / 2)]), MiB / 2)
    await post(slowBody(4 * MiB, 0), 4 * MiB)
    // Declares 100 bytes, sends 10 and stalls.
    const stalled = new Readable({ read() {} })
    stalled.push(Buffer.alloc(10))
    await post(stalled, 100)
    stalled.destroy()
    expect(outcomes).toEqual([true, false, false])
  })
})
