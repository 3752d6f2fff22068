// What the Node host takes before any route runs: only its own Host names (DNS rebinding),
// a bounded number of sockets (idle ones give way), bodies within the route's limit
// (refused unread when declared too large), and well-formed request paths.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request, type IncomingHttpHeaders } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import { MAX_CONNECTIONS } from '../../../src/main/host/admission'
import { startHost, type Host } from '../../../src/main/host/host'

const MIB = 1024 * 1024
let dir: string
let host: Host
let port: number
const dispatched: string[] = []

// The engine's side is not under test: a controller that records which calls reached it.
const controller = {
  dispatch: (route: string) => {
    dispatched.push(route)
    return Promise.resolve({ ok: true, data: route })
  },
  onEvent: () => () => undefined,
  resolveLibraryFile: () => Promise.resolve(null)
} as unknown as AppController

interface RawReply {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/**
 * One request with node:http, which lets a test set `Host` and send a body its own way.
 * `send` writes the body (or not); the promise resolves at the answer.
 */
function raw(path: string, options: { method?: string; headers?: Record<string, string | number>; send?: (req: ReturnType<typeof request>) => void }): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    let answered = false
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    // Writes after an early answer may meet a closed socket; only the answer matters.
    req.on('error', (err) => {
      if (!answered) reject(err)
    })
    if (options.send) options.send(req)
    else req.end()
  })
}

const call = (route: string, headers: Record<string, string | number>, send?: (req: ReturnType<typeof request>) => void) =>
  raw(`/api/invoke/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-host-token': host.token, ...headers }, send })

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'host-admission-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>')
  host = await startHost({ controller, rendererDir: dir })
  port = Number(new URL(host.url).port)
})

afterAll(async () => {
  await host?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('Node host admission', () => {
  it('serves its own names on its own port, and refuses any other Host before the token is checked', async () => {
    expect((await raw('/', { headers: { host: `127.0.0.1:${port}` } })).status).toBe(200)
    expect((await raw('/', { headers: { host: `localhost:${port}` } })).status).toBe(200)
    for (const name of ['rebind.attacker.example', `rebind.attacker.example:${port}`, `127.0.0.1:${port + 1}`, `localhost`, `127.0.0.1`, `[::1]:${port}`]) {
      const page = await raw('/', { headers: { host: name } })
      expect(page.status, name).toBe(421)
      expect(JSON.parse(page.body).error.message).toContain(`127.0.0.1:${port}`)
      // No token: a request that reached the token check would answer 401.
      const before = dispatched.length
      const api = await raw('/api/invoke/app.info', { method: 'POST', headers: { host: name, 'content-type': 'application/json' }, send: (r) => r.end('{}') })
      expect(api.status, name).toBe(421)
      expect(dispatched.length).toBe(before)
    }
  })

  it('takes calls from a page opened at either of its names, and refuses other origins', async () => {
    expect((await call('app.info', { host: `localhost:${port}`, origin: `http://localhost:${port}` }, (r) => r.end('{}'))).status).toBe(200)
    expect((await call('app.info', { origin: `http://127.0.0.1:${port}` }, (r) => r.end('{}'))).status).toBe(200)
    expect((await call('app.info', { origin: `http://localhost:${port + 1}` }, (r) => r.end('{}'))).status).toBe(403)
  })

  it('keeps answering the page while idle sockets pile up, closing the oldest idle ones', async () => {
    const extra = 20
    const sockets: Socket[] = []
    let closedByHost = 0
    try {
      for (let i = 0; i < MAX_CONNECTIONS + extra; i++) {
        const socket = connect(port, '127.0.0.1')
        socket.on('error', () => undefined)
        socket.once('close', () => closedByHost++)
        await new Promise((ok) => socket.once('connect', ok))
        sockets.push(socket)
      }
      const res = await raw('/', { headers: { host: `127.0.0.1:${port}` } })
      expect(res.status).toBe(200)
      // At most MAX_CONNECTIONS held: the newest sockets (the request's among them) stay.
      await vi.waitFor(() => expect(closedByHost).toBeGreaterThanOrEqual(extra + 1), { timeout: 20_000, interval: 20 })
      expect(sockets.at(-1)?.destroyed).toBe(false)
    } finally {
      for (const s of sockets) s.destroy()
    }
  })

  it('refuses a body declared over the route limit with 413 without waiting for it', async () => {
    const before = dispatched.length
    // The body is never sent: only an answer given without reading it can arrive.
    const res = await call('jobs.list', { 'content-length': MIB + 1 }, (r) => r.flushHeaders())
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body).error.message).toContain(`limit of ${MIB} bytes`)
    expect(res.headers.connection).toBe('close')
    expect(dispatched.length).toBe(before)
  })

  it('stops reading a streamed body at the route limit and answers 413', async () => {
    const before = dispatched.length
    const res = await call('jobs.list', { 'transfer-encoding': 'chunked' }, (r) => {
      // One byte over the limit, and the body never ends: the host must answer at the limit.
      r.write('['.padEnd(MIB / 2, ' '))
      r.write(''.padEnd(MIB / 2 + 1, ' '))
    })
    expect(res.status).toBe(413)
    expect(dispatched.length).toBe(before)
  })

  it('takes a file-sized body on a route that carries a file', async () => {
    const body = JSON.stringify({ file: { fileName: 'a.png', dataBase64: 'A'.repeat(3 * MIB) } })
    const res = await call('uploads.create', { 'content-length': Buffer.byteLength(body) }, (r) => r.end(body))
    expect(res.status).toBe(200)
    expect(dispatched.at(-1)).toBe('uploads.create')
    const small = await call('jobs.list', { 'content-length': Buffer.byteLength(body) }, (r) => r.end(body))
    expect(small.status).toBe(413)
  })

  it('answers malformed JSON and malformed percent-encoding with 400', async () => {
    const json = await call('jobs.list', {}, (r) => r.end('{nope'))
    expect(json.status).toBe(400)
    expect(JSON.parse(json.body).error.details).toEqual({ $: ['Malformed JSON'] })
    for (const path of ['/%E0%A4%A', '/%zz', `/library/%ff?token=${host.token}`]) {
      const res = await raw(path, { headers: { host: `127.0.0.1:${port}` } })
      expect(res.status, path).toBe(400)
      expect(JSON.parse(res.body).error.message).toBe('Malformed request URL')
    }
    expect((await call('%E0%A4%A', {}, (r) => r.end('{}'))).status).toBe(400)
  })
})
