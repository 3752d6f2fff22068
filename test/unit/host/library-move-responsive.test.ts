// While the library moves, the app keeps answering: routes that need no engine answer at
// once, routes that need it wait for the move and then answer from the new folder.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import { copyLibrary } from '../../../src/main/core/app/library-move'
import { startSimulator, type Simulator } from '../../../src/simulator'
import type { AppInfo, Settings } from '../../../src/shared/app/settings'
import type { AppEvent } from '../../../src/shared/contract'
import { startTestController } from '../support/test-controller'

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
let dir: string
let live: Simulator
let c: AppController
let events: AppEvent[]

/** A promise with its resolve, to hold the copy step and to know it was reached. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open!: () => void
  const promise = new Promise<void>((resolve) => (open = resolve))
  return { promise, open }
}

const copyReached = latch()
const copyMayGo = latch()

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'move-held-'))
  live = await startSimulator({ port: 0, speed: 20, apiKey: LIVE_KEY, dataDir: join(dir, 'live-service'), log: () => undefined })
  ;({ controller: c, events } = await startTestController(join(dir, 'app'), {
    libraryCopy: async (...args) => {
      copyReached.open()
      await copyMayGo.promise
      return copyLibrary(...args)
    }
  }))
})

afterAll(async () => {
  copyMayGo.open()
  await c?.close()
  await live?.close()
  await rm(dir, { recursive: true, force: true })
})

async function ok<T>(route: string, input: unknown): Promise<T> {
  const r = await c.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
  return r.data as T
}

describe('a library move in progress', () => {
  it('leaves the settings and the app’s state answering, and holds the engine’s routes until it is done', async () => {
    await ok('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
    await ok('key.set', { apiKey: LIVE_KEY })
    const target = join(dir, 'moved-library')

    const moving = c.dispatch('library.move', { to: target })
    await copyReached.promise
    // The engine is stopped mid-move: a route that needs it waits.
    let listed = false
    const jobs = c.dispatch('jobs.list', {}).then((r) => ((listed = true), r))

    // Routes that need no engine answer meanwhile.
    const info = await ok<AppInfo>('app.info', {})
    expect(info.mode).toBe('live')
    expect((await ok<Settings>('settings.get', {})).baseUrl).toBe(live.url)
    expect(listed).toBe(false)

    copyMayGo.open()
    const moved = await moving
    expect(moved.ok, JSON.stringify(moved)).toBe(true)
    const answer = await jobs
    expect(answer.ok, JSON.stringify(answer)).toBe(true)
    expect(events.some((e) => e.name === 'library.moveProgress')).toBe(true)
    expect((await ok<AppInfo>('app.info', {})).libraryDir).toBe(target)
  }, 40_000)
})
