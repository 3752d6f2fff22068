// The tracker against a scripted service, on fake timers: a Retry-After pauses every look,
// many running jobs cost one list call per look, a lone job is asked about directly, a job
// that leaves the list is read for its result, and a list the service refuses falls back to
// one GET per job.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Job, JobList, JobListItem, JobStatus } from '../../../src/shared/api'
import { NotFoundError, RateLimitedError, ValidationApiError } from '../../../src/main/core/client/http'
import type { JobRecord } from '../../../src/main/core/jobs/job-record'
import type { JobStore } from '../../../src/main/core/jobs/job-store'
import { adaptiveSchedule, DEFAULT_POLL_POLICY as P } from '../../../src/main/core/jobs/poll-schedule'
import { Tracker } from '../../../src/main/core/jobs/tracker'
import type { ServiceClient } from '../../../src/main/core/service/service-client'
import { jobRecord } from '../support/job-record'

/** The part of the journal the tracker uses, in memory; a write of a record in `slow` waits for `slow.release()`. */
function memoryStore(records: JobRecord[], slow?: { ids: string[]; gate: Promise<void> }): JobStore {
  const byId = new Map(records.map((r) => [r.id, r]))
  return {
    all: () => [...byId.values()],
    get: (id: string) => byId.get(id),
    byServiceId: (jobId: string) => [...byId.values()].find((r) => r.jobId === jobId),
    update: async (id: string, change: (r: JobRecord) => Partial<JobRecord>) => {
      if (slow?.ids.includes(id)) await slow.gate
      const r = byId.get(id)
      if (!r) return undefined
      const next = { ...r, ...change(r) }
      byId.set(id, next)
      return next
    }
  } as unknown as JobStore
}

/** A service whose jobs are what the test says they are, counting what it is asked. */
function scriptedService() {
  const jobs = new Map<string, { status: JobStatus; progress: number }>()
  const job = (id: string): Job & JobListItem => {
    const j = jobs.get(id)!
    return {
      id, status: j.status, model: 'i1-1', progress: j.progress, error: null, creditCost: 1, webhookStatus: null,
      createdAt: new Date().toISOString(), completedAt: j.status === 'COMPLETED' ? new Date().toISOString() : null, expired: false,
      ...(j.status === 'COMPLETED' ? { result: { images: [`https://cdn.example/${id}.png`] } } : {})
    }
  }
  const calls = { get: [] as string[], list: 0 }
  const failures: { get: Error[]; list: Error[] } = { get: [], list: [] }
  const client = {
    getJob: vi.fn(async (id: string) => {
      calls.get.push(id)
      const err = failures.get.shift()
      if (err) throw err
      return job(id)
    }),
    listJobs: vi.fn(async (query: { status?: string }): Promise<JobList> => {
      calls.list++
      const err = failures.list.shift()
      if (err) throw err
      const wanted = (query.status ?? '').split(',')
      const running = [...jobs.keys()].filter((id) => wanted.includes(jobs.get(id)!.status))
      return { jobs: running.map(job), nextCursor: null, hasMore: false }
    })
  }
  return { jobs, calls, failures, client: client as unknown as ServiceClient }
}

function setup(ids: string[], slow?: { ids: string[]; gate: Promise<void> }) {
  const service = scriptedService()
  const records = ids.map((id) => jobRecord({ id, jobId: `job-${id}`, status: 'QUEUED', createdAt: new Date().toISOString() }))
  for (const r of records) service.jobs.set(r.jobId!, { status: 'QUEUED', progress: 0 })
  const ended: string[] = []
  const tracker = new Tracker({
    store: memoryStore(records, slow), client: () => service.client, webhooksEnabled: () => false,
    onTerminal: (r) => ended.push(r.id), schedule: adaptiveSchedule(P, () => 0)
  })
  for (const id of ids) tracker.follow(id)
  return { service, tracker, ended }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('tracker', () => {
  it('asks nothing before Retry-After has passed, then asks again', async () => {
    const { service, tracker } = setup(['a'])
    service.failures.get.push(new RateLimitedError(30_000))
    await vi.advanceTimersByTimeAsync(P.firstMs)
    expect(service.calls.get).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(29_000)
    expect(service.calls.get).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2000)
    expect(service.calls.get).toHaveLength(2)
    tracker.close()
  })

  it('stops asking about a job the service does not know, even when its record changes after', async () => {
    const { service, tracker } = setup(['a'])
    service.failures.get.push(new NotFoundError())
    await vi.advanceTimersByTimeAsync(P.firstMs)
    expect(service.calls.get).toEqual(['job-a'])
    // The journal's write of the error is a change, which the engine answers with follow();
    // a webhook may name it too. Neither starts the looks again.
    tracker.follow('a')
    tracker.hint('job-a')
    tracker.track('a')
    await vi.advanceTimersByTimeAsync(P.stallCapMs * 10)
    expect(service.calls.get).toEqual(['job-a'])
    expect(tracker.activeCount()).toBe(0)
    tracker.close()
  })

  it('asks a lone job directly, with one GET per look', async () => {
    const { service, tracker, ended } = setup(['a'])
    await vi.advanceTimersByTimeAsync(P.firstMs)
    expect(service.calls).toEqual({ get: ['job-a'], list: 0 })
    service.jobs.set('job-a', { status: 'COMPLETED', progress: 100 })
    await vi.advanceTimersByTimeAsync(P.stallCapMs)
    expect(ended).toEqual(['a'])
    expect(service.calls.list).toBe(0)
    tracker.close()
  })

  it('looks at many running jobs with one list call, and reads a job that left the list for its result', async () => {
    const { service, tracker, ended } = setup(['a', 'b', 'c'])
    await vi.advanceTimersByTimeAsync(P.firstMs)
    expect(service.calls).toEqual({ get: [], list: 1 })
    service.jobs.set('job-b', { status: 'COMPLETED', progress: 100 })
    await vi.advanceTimersByTimeAsync(P.stallCapMs)
    expect(ended).toEqual(['b'])
    expect(service.calls.get).toEqual(['job-b'])
    // Three jobs, several looks: never a GET for a job still in the list.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(service.calls.get).toEqual(['job-b'])
    expect(service.calls.list).toBeGreaterThan(2)
    tracker.close()
  })

  it('asks at once about a job that left the list, without waiting for the others\' journal writes', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { service, tracker, ended } = setup(['a', 'b'], { ids: ['a'], gate })
    service.jobs.set('job-a', { status: 'PROCESSING', progress: 40 })
    service.jobs.set('job-b', { status: 'COMPLETED', progress: 100 })
    await vi.advanceTimersByTimeAsync(P.firstMs)
    // a's write is still waiting; b has been asked about and has ended all the same.
    expect(service.calls.get).toEqual(['job-b'])
    expect(ended).toEqual(['b'])
    release()
    tracker.close()
  })

  it('falls back to one GET per job when the service refuses the list', async () => {
    const { service, tracker } = setup(['a', 'b'])
    service.failures.list.push(new ValidationApiError({ status: ['Unknown filter'] }))
    await vi.advanceTimersByTimeAsync(P.firstMs)
    expect(service.calls.list).toBe(1)
    await vi.advanceTimersByTimeAsync(2 * P.stallCapMs)
    expect(service.calls.list).toBe(1)
    expect(new Set(service.calls.get)).toEqual(new Set(['job-a', 'job-b']))
    tracker.close()
  })

  it('asks a job named by a webhook at once, on its own', async () => {
    const { service, tracker, ended } = setup(['a', 'b'])
    await vi.advanceTimersByTimeAsync(P.firstMs)
    service.jobs.set('job-a', { status: 'COMPLETED', progress: 100 })
    tracker.hint('job-a')
    await vi.advanceTimersByTimeAsync(0)
    expect(service.calls.get).toEqual(['job-a'])
    expect(ended).toEqual(['a'])
    tracker.close()
  })
})
