// Main holds the page to the caps the page shows, whatever the page sends: one confirmed
// send (a matrix, a batch, a wildcard prompt's cells) holds at most 256 jobs, and at most
// 600 jobs a minute are sent by every route together. A send past either is refused whole,
// with an error naming the cap, and nothing of it is sent. The per-minute window runs on
// a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDispatch, type Dispatch } from '../../../src/main/core/app/dispatch'
import { createRouteTable } from '../../../src/main/core/app/route-table'
import { fakeRouteContext } from '../support/route-context'
import type { Engine } from '../../../src/main/core/engine'
import { toJobView } from '../../../src/main/core/jobs/job-record'
import { SubmitRefusedError } from '../../../src/main/core/jobs/unwritten'
import { SpendGuard } from '../../../src/main/core/jobs/spend-guard'
import type { RouteOutput } from '../../../src/shared/contract'
import { jobRecord } from '../support/job-record'

const unused = (): never => {
  throw new Error('not used by these routes')
}

let sent: string[]
let dispatch: Dispatch

/** An engine that takes every job at once; a prompt says what else to do. */
function fakeEngine(): Engine {
  const take = (request: Record<string, unknown>) => {
    const prompt = String(request.prompt)
    if (prompt === 'no room') throw new SubmitRefusedError(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))
    if (prompt === 'with the key') throw new Error('the service said no to mgk_the_secret_key')
    sent.push(prompt)
    return jobRecord({ id: `local-${sent.length}`, request })
  }
  return {
    submit: async (request: Record<string, unknown>) => take(request),
    submitLegacy: async (request: Record<string, unknown>) => take(request),
    retry: async () => take({ prompt: 'again' }),
    // No spending limits: only the caps are at work here.
    spending: new SpendGuard({ records: () => [], has: () => false }),
    jobs: () => [],
    jobView: toJobView,
    opts: { baseUrl: 'https://service.example', legacyBaseUrl: 'https://service.example/legacy' }
  } as unknown as Engine
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  sent = []
  const engine = fakeEngine()
  const ctx = fakeRouteContext({ engine: async () => engine, redact: (text) => text.replaceAll('mgk_the_secret_key', '[key]') })
  dispatch = createDispatch({ table: createRouteTable(ctx), checkOutputs: true, redact: (t) => t, logProblem: unused })
})

afterEach(() => {
  vi.useRealTimers()
})

const job = (prompt: string) => ({ request: { model: 'i1-1', prompt } })
const jobs = (n: number, from = 0) => Array.from({ length: n }, (_, i) => job(`cell ${from + i}`))

describe('cells per confirmation', () => {
  it('refuses a confirmation of 257 jobs whole, naming the field and the cap; none is sent', async () => {
    const r = await dispatch('jobs.submitConfirmed', { jobs: jobs(257) })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(!r.ok && r.error.message).toBe("Invalid input: jobs: At most 256 jobs in one confirmation (a matrix, a batch, a wildcard prompt's cells); nothing was sent")
    expect(sent).toEqual([])
  })

  it('sends a confirmation of 256, answering each job for itself, in order', async () => {
    const asked = jobs(256)
    asked[3] = job('no room')
    asked[7] = job('with the key')
    const r = await dispatch('jobs.submitConfirmed', { jobs: asked })
    expect(r.ok).toBe(true)
    const answers = (r as { data: RouteOutput<'jobs.submitConfirmed'> }).data
    expect(answers).toHaveLength(256)
    expect(answers[3]).toEqual({ ok: false, error: { code: 'storage', message: expect.stringMatching(/^Not sent: the disk is full/) as string } })
    expect(answers[7]).toEqual({ ok: false, error: { code: 'internal', message: 'the service said no to [key]' } })
    expect(answers.filter((a) => a.ok).map((a) => a.ok && a.job.prompt)).toEqual(asked.map((a) => a.request.prompt).filter((p) => p.startsWith('cell')))
    expect(sent).toHaveLength(254)
  })
})

describe('jobs per minute', () => {
  it('takes 600 a minute from every route together, refuses the next whole, and takes more a minute later', async () => {
    expect((await dispatch('jobs.submitConfirmed', { jobs: jobs(256) })).ok).toBe(true)
    vi.advanceTimersByTime(20_000)
    expect((await dispatch('jobs.submitConfirmed', { jobs: jobs(256, 256) })).ok).toBe(true)
    const refused = await dispatch('jobs.submitConfirmed', { jobs: jobs(100, 512) })
    expect(refused).toEqual({ ok: false, error: { code: 'rate_limited', message: 'Not sent: the app sends at most 600 jobs a minute; 512 went in the last minute, and these 100 would make 612. Nothing was sent; try again in 40 s.' } })
    expect(sent).toHaveLength(512)

    for (let i = 0; i < 86; i++) expect((await dispatch('jobs.submit', job(`one ${i}`))).ok).toBe(true)
    expect((await dispatch('jobs.retry', { localId: 'local-1' })).ok).toBe(true)
    expect((await dispatch('legacy.submit', { request: { model: 'lv-a', prompt: 'legacy' } })).ok).toBe(true)
    expect(sent).toHaveLength(600)
    for (const [route, input] of [['jobs.submit', job('one more')], ['jobs.retry', { localId: 'local-1' }], ['legacy.submit', { request: { model: 'lv-a', prompt: 'legacy' } }]] as const) {
      expect(await dispatch(route, input), route).toMatchObject({ ok: false, error: { code: 'rate_limited', message: expect.stringContaining('at most 600 jobs a minute') as string } })
    }
    expect(sent).toHaveLength(600)

    vi.advanceTimersByTime(40_000)
    expect((await dispatch('jobs.submitConfirmed', { jobs: jobs(256, 1000) })).ok).toBe(true)
    expect(sent).toHaveLength(856)
  })
})
