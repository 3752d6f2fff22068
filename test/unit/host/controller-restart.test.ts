// A failed engine restart does not break the app: it is reported, the routes that do not
// need the engine keep answering, and the next restart runs.
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import type { AppEvent } from '../../../src/shared/contract'
import { startTestController } from '../support/test-controller'

let dir: string
let c: AppController
let events: AppEvent[]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restart-'))
  ;({ controller: c, events } = await startTestController(dir))
})

afterAll(async () => {
  await c?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('engine restarts', () => {
  it('reports a failed restart, keeps answering, and runs the next one', async () => {
    // The library cannot be opened: a file stands where its folder must be.
    const library = join(dir, 'demo', 'library')
    await rename(library, `${library}.aside`)
    await writeFile(library, 'not a folder')
    const failed = await c.dispatch('settings.update', { maxConcurrentDownloads: 3 })
    expect(failed.ok).toBe(false)
    expect(events.some((e) => e.name === 'notice' && e.payload.level === 'error' && e.payload.message.startsWith('The engine could not start'))).toBe(true)

    // Routes that need no engine still answer.
    for (const route of ['app.info', 'settings.get'] as const) {
      const r = await c.dispatch(route, {})
      expect(r.ok, `${route} answers after a failed restart`).toBe(true)
    }
    const jobs = await c.dispatch('jobs.list', {})
    expect(jobs.ok).toBe(false)

    // The library is back: the next restart runs, and everything answers.
    await rm(library)
    await rename(`${library}.aside`, library)
    const recovered = await c.dispatch('settings.update', { maxConcurrentDownloads: 2 })
    expect(recovered.ok, JSON.stringify(recovered)).toBe(true)
    expect((await c.dispatch('jobs.list', {})).ok).toBe(true)
    const info = await c.dispatch('app.info', {})
    expect(info.ok && (info.data as { logFile: string | null }).logFile).toContain(join('demo', 'logs', 'engine.log'))
  }, 60_000)
})
