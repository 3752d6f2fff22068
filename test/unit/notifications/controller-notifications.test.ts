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
