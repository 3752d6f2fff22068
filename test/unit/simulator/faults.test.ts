import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PROFILE, resultImageSchema } from '../../../src/shared/api'
import { FaultInjector } from '../../../src/simulator/faults'
import { FAULTS_PATH } from '../../../src/simulator'
import { call, route, startTestSim, submit, waitForJob, type TestSim } from './helpers'

const body = { model: 'i1-1', prompt: 'faulty' }

/** Reads a download to its end or its break; reports the bytes received and the promised length. */
function rawDownload(url: string): Promise<{ status: number; declared: number; received: number; broken: boolean }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let received = 0
      res.on('data', (c: Buffer) => { received += c.length })
      const done = (broken: boolean) => resolve({ status: res.statusCode ?? 0, declared: Number(res.headers['content-length']), received, broken })
      res.on('end', () => done(false))
      res.on('aborted', () => done(true))
      res.on('error', () => done(true))
    }).on('error', reject).end()
  })
}

async function completedUrl(sim: TestSim): Promise<string> {
  const id = await submit(sim, 'generateImage', body)
  return resultImageSchema.parse((await waitForJob(sim, id)).result).images[0] ?? ''
}

describe('demo service: faults and rate limits', () => {
  it('injects 429 with Retry-After: 1, 500 ErrorResponse and connection resets', async () => {
    const sim = await startTestSim({ faults: { rateLimitRate: 1 } })
    const limited = await call(sim, 'GET', route('me'))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('1')
    expect(typeof limited.body.error).toBe('string')

    sim.setFaults({ rateLimitRate: 0, error500Rate: 1 })
    const broken = await call(sim, 'GET', route('me'))
    expect(broken.status).toBe(500)
    expect(typeof broken.body.error).toBe('string')
    const legacy = await fetch(sim.legacyUrl + DEFAULT_PROFILE.routes.legacySubmit.path, { method: 'POST', headers: { authorization: sim.apiKey }, body: '{}' })
    expect(legacy.status).toBe(500)
    expect(await legacy.json()).toEqual({})

    sim.setFaults({ error500Rate: 0, resetRate: 1 })
    await expect(fetch(sim.url + route('me'), { headers: { 'x-api-key': sim.apiKey } })).rejects.toThrow()
    sim.setFaults({ resetRate: 0 })
    expect((await call(sim, 'GET', route('me'))).status).toBe(200)
  })

  it('keeps state whole: a 500 or reset after the job was saved, then an idempotent retry returns it', async () => {
    const sim = await startTestSim({ holdJobs: true, credits: 100, faults: { error500Rate: 1, failurePhase: 'after' } })
    const headers = { 'idempotency-key': 'lost-answer' }
    expect((await call(sim, 'POST', route('generateImage'), body, headers)).status).toBe(500)
    expect(sim.jobCount()).toBe(1)
    sim.setFaults({ error500Rate: 0, resetRate: 1 })
    await expect(fetch(sim.url + route('generateImage'), { method: 'POST', headers: { ...headers, 'x-api-key': sim.apiKey }, body: JSON.stringify(body) })).rejects.toThrow()
    sim.setFaults({ resetRate: 0 })
    const retry = await call(sim, 'POST', route('generateImage'), body, headers)
    expect(retry.status).toBe(200)
    expect(sim.jobCount()).toBe(1)
    expect(sim.credits()).toBe(97)

    sim.setFaults({ error500Rate: 1, failurePhase: 'before' })
    expect((await call(sim, 'POST', route('generateImage'), body, { 'idempotency-key': 'never-made' })).status).toBe(500)
    expect(sim.jobCount()).toBe(1)
  })

  it('truncates CDN bodies below their Content-Length', async () => {
    const sim = await startTestSim()
    const url = await completedUrl(sim)
    sim.setFaults({ truncateRate: 1 })
    const cut = await rawDownload(url)
    expect(cut.status).toBe(200)
    expect(cut.received).toBeLessThan(cut.declared)
    sim.setFaults({ truncateRate: 0 })
    const whole = await rawDownload(url)
    expect(whole.received).toBe(whole.declared)
    expect(whole.broken).toBe(false)
  })

  it('slows answers, fails jobs on purpose and refunds them', async () => {
    const sim = await startTestSim({ credits: 50, faults: { slowMs: 150, jobFailRate: 1 } })
    const started = performance.now()
    expect((await call(sim, 'GET', route('me'))).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    const id = await submit(sim, 'generateImage', body)
    const job = await waitForJob(sim, id)
    expect(job.status).toBe('FAILED')
    expect(sim.credits()).toBe(50)
  })

  it('changes faults over HTTP with the API key', async () => {
    const sim = await startTestSim()
    expect((await call(sim, 'POST', FAULTS_PATH, { error500Rate: 0.5 }, { 'x-api-key': 'wrong' })).status).toBe(401)
    const set = await call(sim, 'POST', FAULTS_PATH, { rateLimitRate: 1, seed: 42 })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ rateLimitRate: 1, seed: 42, error500Rate: 0 })
    expect((await call(sim, 'GET', route('me'))).status).toBe(429)
    // The control endpoint itself is never faulted.
    expect((await call(sim, 'GET', FAULTS_PATH)).body).toMatchObject({ rateLimitRate: 1 })
    const bad = await call<{ details: Record<string, string[]> }>(sim, 'POST', FAULTS_PATH, { error500Rate: 2, typo: 1 })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.details).sort()).toEqual(['$', 'error500Rate'])
    await call(sim, 'POST', FAULTS_PATH, { rateLimitRate: 0 })
    expect((await call(sim, 'GET', route('me'))).status).toBe(200)
  })

  it('rolls the same faults for the same seed', () => {
    const roll = () => {
      const faults = new FaultInjector({ error500Rate: 0.3, resetRate: 0.2, rateLimitRate: 0.2, seed: 7 })
      return Array.from({ length: 50 }, () => faults.decide(true, false).action)
    }
    const first = roll()
    expect(roll()).toEqual(first)
    expect(new Set(first).size).toBeGreaterThan(2)
  })

  it('rate-limits each key for real, with Retry-After', async () => {
    const sim = await startTestSim({ rateLimit: { perSecond: 2, burst: 3 } })
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i < 5; i++) {
      const res = await call(sim, 'GET', route('me'))
      statuses.push(res.status)
      retryAfter ??= res.headers.get('retry-after')
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
    expect(statuses).toContain(429)
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
    // The public catalog is counted per address, not against the key.
    expect((await fetch(sim.url + route('catalog'))).status).toBe(200)
  })
})
