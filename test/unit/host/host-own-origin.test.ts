// The Node host serves its own page only: a request whose Origin or Host only begins like
// the host's (its address with more after the port, a longer port, a user part) is refused
// before the token is looked at, for calls, the event stream and library files alike.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import { startHost, type Host } from '../../../src/main/host/host'

let dir: string
let host: Host
let port: number
let libraryFile: string
const dispatched: string[] = []

// The engine's side is not under test: it records calls, and has one library file.
const controller = {
  dispatch: (route: string) => {
    dispatched.push(route)
    return Promise.resolve({ ok: true, data: route })
  },
  onEvent: () => () => undefined,
  resolveLibraryFile: () => Promise.resolve(libraryFile)
} as unknown as AppController

/** The status of one request; the event stream, which never ends, is cut once it answers. */
function status(method: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      resolve(res.statusCode ?? 0)
      res.destroy()
    })
    req.on('error', reject)
    req.end(method === 'POST' ? '{}' : undefined)
  })
}

/** The three kinds of request a page makes, each with the right token: only Origin and Host differ. */
const asks = (headers: Record<string, string>) => ({
  call: status('POST', '/api/invoke/app.info', { 'content-type': 'application/json', 'x-host-token': host.token, ...headers }),
  events: status('GET', `/api/events?token=${host.token}`, headers),
  file: status('GET', `/library/files/job/0.png?token=${host.token}`, headers)
})

async function statuses(headers: Record<string, string>): Promise<{ call: number; events: number; file: number }> {
  const a = asks(headers)
  return { call: await a.call, events: await a.events, file: await a.file }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'host-origin-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>')
  libraryFile = join(dir, '0.png')
  await writeFile(libraryFile, Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'))
  host = await startHost({ controller, rendererDir: dir })
  port = Number(new URL(host.url).port)
})

afterAll(async () => {
  await host?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the host’s own origin', () => {
  it('takes calls, events and library files from its own page at either name', async () => {
    for (const name of ['127.0.0.1', 'localhost']) {
      const own = { host: `${name}:${port}`, origin: `http://${name}:${port}` }
      expect(await statuses(own), name).toEqual({ call: 200, events: 200, file: 200 })
    }
    // A request with no Origin (the page's own GETs of media) is taken too.
    expect(await statuses({ host: `127.0.0.1:${port}` })).toEqual({ call: 200, events: 200, file: 200 })
  })

  it('refuses an origin that only begins like its own, for every kind of request', async () => {
    const lookAlikes = [
      `http://127.0.0.1:${port}.evil.com`,
      `http://127.0.0.1:${port}0`,
      `http://127.0.0.1:${port}x@evil.com`,
      `http://127.0.0.1:${port}@evil.com`,
      `http://localhost:${port}.evil.com`,
      `http://localhost:${port}/`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1.nip.io:${port}`,
      `http://[::1]:${port}`,
      'null'
    ]
    const before = dispatched.length
    for (const origin of lookAlikes) {
      expect(await statuses({ host: `127.0.0.1:${port}`, origin }), origin).toEqual({ call: 403, events: 403, file: 403 })
    }
    expect(dispatched.length).toBe(before)
  })

  it('refuses a Host that only begins like its own', async () => {
    for (const name of [`127.0.0.1:${port}.evil.com`, `127.0.0.1:${port}0`, `localhost:${port}@evil.com`, `127.0.0.1:${port}:${port}`, `localhost.:${port}`]) {
      expect(await statuses({ host: name }), name).toEqual({ call: 421, events: 421, file: 421 })
    }
  })
})
