import { describe, expect, it } from 'vitest'
import { call, manualClock, route, startTestSim, waitForJob } from './helpers'

const body = { model: 'i2-1', prompt: 'a bowl of fruit' }

describe('demo service: Idempotency-Key', () => {
  it('replays the original job with 200 whatever the body, charging once', async () => {
    const sim = await startTestSim({ credits: 100, holdJobs: true })
    const headers = { 'idempotency-key': 'order-42' }
    const first = await call<{ jobId: string; status: string }>(sim, 'POST', route('generateImage'), body, headers)
    expect(first.status).toBe(202)
    const again = await call<{ jobId: string; status: string }>(sim, 'POST', route('generateImage'), body, headers)
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ jobId: first.body.jobId, status: 'QUEUED' })
    const otherBody = await call<{ jobId: string }>(sim, 'POST', route('generateImage'), { model: 'i1-1', prompt: 'different' }, headers)
    expect(otherBody.status).toBe(200)
    expect(otherBody.body.jobId).toBe(first.body.jobId)
    expect(sim.jobCount()).toBe(1)
    expect(sim.credits()).toBe(88)

    // The replay reports the job's current status.
    sim.releaseJobs()
    await waitForJob(sim, first.body.jobId, ['COMPLETED'])
    const done = await call<{ status: string }>(sim, 'POST', route('generateImage'), body, headers)
    expect(done.body).toEqual({ jobId: first.body.jobId, status: 'COMPLETED' })

    const fresh = await call(sim, 'POST', route('generateImage'), body, { 'idempotency-key': 'order-43' })
    expect(fresh.status).toBe(202)
    expect(sim.jobCount()).toBe(2)
  })

  it('creates one job for concurrent twins', async () => {
    const sim = await startTestSim({ holdJobs: true })
    const headers = { 'idempotency-key': 'twin' }
    const answers = await Promise.all([1, 2, 3].map(() => call<{ jobId: string }>(sim, 'POST', route('generateImage'), body, headers)))
    expect(new Set(answers.map((a) => a.body.jobId)).size).toBe(1)
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 202])
    expect(sim.jobCount()).toBe(1)
  })

  it('forgets keys after 24 hours', async () => {
    const clock = manualClock()
    const sim = await startTestSim({ holdJobs: true, now: clock.now })
    const headers = { 'idempotency-key': 'daily' }
    const first = await call<{ jobId: string }>(sim, 'POST', route('generateImage'), body, headers)
    clock.advance(24 * 3600 * 1000 + 1)
    const later = await call<{ jobId: string }>(sim, 'POST', route('generateImage'), body, headers)
    expect(later.status).toBe(202)
    expect(later.body.jobId).not.toBe(first.body.jobId)
  })

  it('refuses a key longer than 255 characters with details "Idempotency-Key"', async () => {
    const sim = await startTestSim({ holdJobs: true })
    const res = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('generateImage'), body, { 'idempotency-key': 'k'.repeat(256) })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.details)).toEqual(['Idempotency-Key'])
    const ok = await call(sim, 'POST', route('generateImage'), body, { 'idempotency-key': 'k'.repeat(255) })
    expect(ok.status).toBe(202)
  })
})
