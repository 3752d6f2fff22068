// Moving the library: refused in demo mode and into a folder with files; otherwise every
// file is copied and checked, with progress, and the app switches to the new folder.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import { startSimulator, type Simulator } from '../../../src/simulator'
import type { AppEvent } from '../../../src/shared/contract'
import { startTestController } from '../support/test-controller'
import type { AppInfo } from '../../../src/shared/app/settings'
import type { JobView, LibraryEntry } from '../../../src/shared/app/views'

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
let dir: string
let c: AppController
let live: Simulator
let events: AppEvent[]

async function ok<T>(route: string, input: unknown): Promise<T> {
  const r = await c.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
  return r.data as T
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'move-'))
  live = await startSimulator({ port: 0, speed: 20, apiKey: LIVE_KEY, dataDir: join(dir, 'live-service'), log: () => undefined })
  ;({ controller: c, events } = await startTestController(join(dir, 'app')))
})

afterAll(async () => {
  await c?.close()
  await live?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('moving the library', () => {
  it('keeps the demo library where it is', async () => {
    const r = await c.dispatch('library.move', { to: join(dir, 'elsewhere') })
    expect(r.ok ? null : r.error.code).toBe('conflict')
  })

  it('copies, verifies and switches, with progress, and refuses a folder with files', async () => {
    await ok('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
    await ok('key.set', { apiKey: LIVE_KEY })
    const job = await ok<JobView>('jobs.submit', { request: { model: 'i1-1', prompt: 'a lighthouse' } })
    await vi.waitFor(async () => {
      const jobs = await ok<JobView[]>('jobs.list', {})
      expect(jobs.find((j) => j.localId === job.localId)?.saved).toBe('saved')
    }, { timeout: 20_000, interval: 100 })
    const before = (await ok<AppInfo>('app.info', {})).libraryDir

    const busy = join(dir, 'busy')
    await mkdir(busy)
    await writeFile(join(busy, 'note.txt'), 'mine')
    const refused = await c.dispatch('library.move', { to: busy })
    expect(refused.ok ? null : refused.error.details?.to).toEqual(['Choose a new or empty folder: this one has files in it'])
    const inside = await c.dispatch('library.move', { to: join(before, 'sub') })
    expect(inside.ok).toBe(false)

    const target = join(dir, 'new-library')
    const moved = await ok<{ libraryDir: string; files: number; bytes: number }>('library.move', { to: target })
    expect(moved.libraryDir).toBe(target)
    expect(moved.files).toBeGreaterThan(1)
    const progress = events.filter((e): e is Extract<AppEvent, { name: 'library.moveProgress' }> => e.name === 'library.moveProgress').map((e) => e.payload)
    expect(progress.at(-1)).toMatchObject({ phase: 'verify', doneFiles: moved.files, totalFiles: moved.files, doneBytes: moved.bytes })

    expect((await ok<AppInfo>('app.info', {})).libraryDir).toBe(target)
    const list = await ok<{ entries: LibraryEntry[] }>('library.list', {})
    expect(list.entries.map((e) => e.jobId)).toContain(job.jobId)
    expect(await readdir(join(target, 'files'))).toContain(job.jobId)
    // The old library is left whole.
    expect(await readdir(join(before, 'files'))).toContain(job.jobId)
  }, 40_000)
})
