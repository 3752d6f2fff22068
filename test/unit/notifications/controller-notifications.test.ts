// The notifications as the app decides them over a running demo engine, in the Node host
// (no notifier of its own: each goes to the page as a `notification` event): a job saved
// is told with its first output's thumbnail, a confirmed send of three is told once.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppNotification } from '../../../src/shared/app/notifications'
import type { EventPayload, RouteName } from '../../../src/shared/contract'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController, type TestApp } from '../support/test-controller'

const cleanup = cleanupAfterEach()
let app: TestApp

beforeEach(async () => {
  app = await startTestController(await cleanup.tempDir('notify-'), { demoSpeed: 40 })
  cleanup.defer(() => app.controller.close())
})

async function ok<R extends RouteName>(route: R, input: unknown): Promise<unknown> {
  const r = await app.controller.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
  return r.data
}

const notifications = (): AppNotification[] => app.events.filter((e) => e.name === 'notification').map((e) => e.payload as EventPayload<'notification'>)
const savedJobs = () => new Set(app.events.flatMap((e) => (e.name === 'job.updated' && e.payload.saved === 'saved' && e.payload.jobId ? [e.payload.jobId] : [])))

describe('the notification settings', () => {
  it('take each kind on or off, and refuse a bad value naming the field, changing nothing', async () => {
    const kinds = { done: false, failed: true, attention: true }
    expect(await ok('settings.update', { notificationKinds: kinds })).toMatchObject({ notifications: true, notificationKinds: kinds })
    for (const bad of [{ done: 'no', failed: true, attention: true }, { done: true, failed: true }, { ...kinds, sound: true }]) {
      const r = await app.controller.dispatch('settings.update', { notificationKinds: bad })
      if (r.ok) throw new Error(`taken: ${JSON.stringify(bad)}`)
      expect(r.error.code).toBe('invalid_input')
      expect(Object.keys(r.error.details ?? {}).every((field) => field.startsWith('notificationKinds')), JSON.stringify(r.error.details)).toBe(true)
      expect(r.error.message).toContain('notificationKinds')
    }
    expect(await ok('settings.get', {})).toMatchObject({ notificationKinds: kinds })
  })
})

describe('notifications over a demo engine', () => {
  it('a saved job is one notification, with its first output’s thumbnail from the library', async () => {
    const job = (await ok('jobs.submit', { request: { model: 'i1-1', prompt: 'a lighthouse at dusk' } })) as { jobId: string }
    const [n] = await vi.waitFor(() => {
      expect(notifications()).toHaveLength(1)
      return notifications()
    }, { timeout: 60_000, interval: 50 })
    expect(n).toMatchObject({ kind: 'done', title: 'Job done', body: 'i1-1: a lighthouse at dusk', open: { view: 'gallery', jobId: job.jobId } })
    const entry = (await ok('library.get', { jobId: job.jobId })) as { files: { thumbnail: string | null }[] }
    expect(n!.image).toBe(entry.files[0]!.thumbnail)
    expect(await app.controller.resolveLibraryFile(n!.image!)).toBeTruthy()
  })

  it('a confirmed send of three is one notification once all three are saved: "3 of 3 done"', async () => {
    const jobs = ['red', 'green', 'blue'].map((c) => ({ request: { model: 'i1-1', prompt: `a ${c} kite` } }))
    const answers = (await ok('jobs.submitConfirmed', { jobs })) as { ok: boolean; job: { jobId: string } }[]
    const ids = answers.map((a) => a.job.jobId)
    await vi.waitFor(() => expect(notifications()).toHaveLength(1), { timeout: 60_000, interval: 50 })
    // Told only once all three were saved, and as one.
    expect([...savedJobs()].sort()).toEqual([...ids].sort())
    expect(notifications()[0]).toMatchObject({ kind: 'done', title: 'Your 3 jobs have finished', body: '3 of 3 done', open: { view: 'gallery' } })
    expect(ids).toContain(notifications()[0]!.open.jobId)
  })
})
