// The library answers from the disk alone: with the service gone (here, an address that
// takes connections and never answers, so a route that asked it would wait forever),
// every library, board and collection route still answers, and sends it nothing.
import { EventEmitter, once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppController } from '../../../src/main/core/app/controller'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import type { RouteName, RouteOutput } from '../../../src/shared/contract'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { startDemoService } from '../../../src/simulator/demo-mode'

describe('the library with the service unreachable', () => {
  let dir: string
  let c: AppController
  let live: Simulator
  let blackHole: Server
  const sockets: Socket[] = []
  /** Every request the unreachable service was sent: its request line, in order of arrival. */
  const requests: string[] = []

  const arrivals = new EventEmitter<{ request: [string] }>()
  /**
   * The app's own look at the account (the key check the settings change below starts, a
   * credits refresh after a job) runs beside the routes whenever it is due; it is not theirs.
   */
  const isAccountCheck = (line: string) => line.startsWith('GET /v2/me ')

  /**
   * Answers a route. Once the service is a black hole, a route that asks it fails here the
   * moment its request arrives (it would wait for an answer that never comes); a route that
   * answers from the disk sends none.
   */
  async function ok<R extends RouteName>(route: R, input: unknown): Promise<RouteOutput<R>> {
    const done = new AbortController()
    const asked = once(arrivals, 'request', { signal: done.signal }).then(([line]: string[]) => {
      throw new Error(`${route} asked the unreachable service: ${line}`)
    }, () => new Promise<never>(() => undefined))
    try {
      const r = await Promise.race([c.dispatch(route, input), asked])
      if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
      return r.data as RouteOutput<R>
    } finally {
      done.abort()
    }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'offline-library-'))
    live = await startSimulator({ port: 0, speed: 40, rateLimit: false })
    c = await AppController.start({
      dataDir: dir,
      secrets: FileSecretStore.inDir(dir),
      settings: new FileSettingsStore(join(dir, 'settings.json')),
      hooks: { platform: 'electron', revealFile: () => undefined, openExternal: async () => undefined, notify: () => undefined },
      version: 'test',
      startDemoService: (options) => startDemoService({ ...options, speed: 40 })
    })
    await ok('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
    await ok('key.set', { apiKey: live.apiKey })
  })
  afterAll(async () => {
    await c?.close()
    await live?.close().catch(() => undefined)
    for (const s of sockets) s.destroy()
    await new Promise((resolve) => blackHole?.close(resolve))
    await rm(dir, { recursive: true, force: true })
  })

  it('lists, favourites, boards, exports, removes and restores without the service', async () => {
    const jobs = await Promise.all(['a harbour at dawn', 'a fox in the snow'].map((prompt) => ok('jobs.submit', { request: { model: 'i1-1', prompt } })))
    await vi.waitFor(
      async () => {
        const list = await ok('jobs.list', {})
        expect(jobs.every((j) => list.find((x) => x.localId === j.localId)?.saved === 'saved')).toBe(true)
      },
      { timeout: 60_000, interval: 50 }
    )
    await live.close()
    // The service's own address (another one would make the app forget the key) now takes
    // connections and never answers.
    blackHole = createServer((socket) => {
      sockets.push(socket)
      let head = ''
      socket.on('data', (chunk: Buffer) => {
        head += chunk.toString('latin1')
        for (let end = head.indexOf('\r\n\r\n'); end >= 0; end = head.indexOf('\r\n\r\n')) {
          const line = head.slice(0, head.indexOf('\r\n'))
          requests.push(line)
          if (!isAccountCheck(line)) arrivals.emit('request', line)
          head = head.slice(end + 4)
        }
      })
    })
    await new Promise<void>((resolve) => blackHole.listen(live.port, '127.0.0.1', resolve))
    // A connection setting changes, so the app checks the service again and waits on it; the library must not.
    const switched = c.dispatch('settings.update', { maxConcurrentDownloads: 3 })
    await vi.waitFor(() => expect(requests).toContain('GET /v2/me HTTP/1.1'), { timeout: 10_000 })

    expect((await ok('jobs.list', {})).length).toBe(2)
    const page = await ok('library.list', { query: 'fox', sort: 'oldest' })
    expect(page.total).toBe(1)
    const fox = page.entries[0]!
    expect((await ok('library.get', { jobId: fox.jobId })).prompt).toBe('a fox in the snow')
    expect((await ok('library.setFavorite', { jobIds: [fox.jobId], favorite: true })).changed).toBe(1)
    const board = await ok('boards.create', { name: 'Winter' })
    await ok('boards.rename', { id: board.id, name: 'Winter light' })
    await ok('boards.setMembers', { boardId: board.id, jobIds: [fox.jobId], on: true })
    expect((await ok('boards.list', {})).find((b) => b.id === board.id)).toMatchObject({ name: 'Winter light' })
    expect((await ok('library.list', { board: board.id })).total).toBe(1)
    const exported = await ok('collections.export', {})
    await ok('collections.import', { data: exported })
    await ok('library.remove', { jobId: fox.jobId })
    expect((await ok('library.list', {})).total).toBe(1)
    await ok('library.restore', { jobId: fox.jobId })
    expect((await ok('library.list', { favorite: true })).total).toBe(1)
    await ok('boards.delete', { id: board.id })
    // Nothing but the app's own checks of the account was sent, and none was answered.
    expect(requests.filter((line) => !isAccountCheck(line))).toEqual([])
    for (const s of sockets) s.destroy()
    await switched
  })
})
