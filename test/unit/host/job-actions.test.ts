// What the queue refuses, and says why: a job it does not hold, and what the legacy
// endpoint cannot do. A dismissed job leaves the queue and every window is told.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import type { AppEvent } from '../../../src/shared/contract'
import type { JobView } from '../../../src/shared/app/views'
import { startTestController } from '../support/test-controller'

let dir: string
let c: AppController
let events: AppEvent[]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'job-actions-'))
  ;({ controller: c, events } = await startTestController(dir, { demoSpeed: 40 }))
})

afterAll(async () => {
  await c?.close()
  await rm(dir, { recursive: true, force: true })
})

async function ok<T>(route: string, input: unknown): Promise<T> {
  const r = await c.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
  return r.data as T
}

describe('actions on queued jobs', () => {
  it('answers not_found, naming the queue, for a job it does not hold', async () => {
    for (const route of ['jobs.cancel', 'jobs.retry', 'jobs.dismiss']) {
      expect(await c.dispatch(route, { localId: 'no-such-job' }), route).toEqual({ ok: false, error: { code: 'not_found', message: 'No such job in the queue' } })
    }
  })

  it('refuses to cancel or retry a legacy video, saying why, and leaves it in the queue', async () => {
    const job = await ok<JobView>('legacy.submit', { request: { model: 'lv-a', prompt: 'a slow pan over hills', duration: 4, resolution: '480p' } })
    expect(await c.dispatch('jobs.cancel', { localId: job.localId })).toEqual({ ok: false, error: { code: 'conflict', message: 'The legacy video endpoint has no cancel operation' } })
    expect(await c.dispatch('jobs.retry', { localId: job.localId })).toEqual({ ok: false, error: { code: 'conflict', message: 'Submit the legacy video again from its form' } })
    expect((await ok<JobView[]>('jobs.list', {})).map((j) => j.localId)).toContain(job.localId)
  })

  it('takes a dismissed job out of the queue and tells every window', async () => {
    const job = await ok<JobView>('jobs.submit', { request: { model: 'i1-1', prompt: 'dismiss me' } })
    expect(await ok('jobs.dismiss', { localId: job.localId })).toBeNull()
    expect((await ok<JobView[]>('jobs.list', {})).map((j) => j.localId)).not.toContain(job.localId)
    expect(events).toContainEqual({ name: 'job.removed', payload: { localId: job.localId } })
  })
})
