import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { completedEventSchema, failedEventSchema, progressEventSchema } from '../../../src/shared/api'
import { call, getJob, route, startReceiver, startTestSim, submit, waitFor, waitForJob } from './helpers'

/** The signature as a receiver computes it, independently of the service's code. */
function expectedSignature(apiKey: string, raw: Buffer): string {
  const secret = createHash('sha256').update(apiKey).digest('hex')
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`
}

function sameSignature(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}

describe('demo service: webhooks', () => {
  it('signs and delivers the completed event; webhookStatus goes pending → delivered', async () => {
    const hook = await startReceiver()
    const sim = await startTestSim({ allowPrivateWebhooks: true, holdJobs: true })
    const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'signed', webhookUrl: hook.url })
    expect((await getJob(sim, id)).webhookStatus).toBe('pending')
    expect((await getJob(sim, id)).input).toEqual({ model: 'i1-1', prompt: 'signed' })
    sim.releaseJobs()
    const job = await waitFor(async () => {
      const j = await getJob(sim, id)
      return j.webhookStatus === 'delivered' ? j : undefined
    })
    expect(hook.received).toHaveLength(1)
    const [delivery] = hook.received
    if (!delivery) throw new Error('no delivery')
    expect(delivery.headers['content-type']).toBe('application/json')
    expect(delivery.headers['x-webhook-event']).toBe('completed')
    expect(sameSignature(String(delivery.headers['x-webhook-signature']), expectedSignature(sim.apiKey, delivery.raw))).toBe(true)
    const event = completedEventSchema.parse(delivery.body)
    expect(Object.keys(delivery.body).sort()).toEqual(['completedAt', 'creditCost', 'event', 'jobId', 'model', 'progress', 'result', 'status'])
    expect(event).toMatchObject({ jobId: id, status: 'COMPLETED', progress: 100, model: 'i1-1', creditCost: 3, completedAt: job.completedAt })
    expect(event.result).toEqual(job.result)
  })

  it('sends progress only when asked, once per change, and the failed event', async () => {
    const hook = await startReceiver()
    const sim = await startTestSim({ allowPrivateWebhooks: true, speed: 10 })
    const quiet = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'quiet #fail', webhookUrl: hook.url })
    const loud = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'loud', webhookUrl: hook.url, webhookEvents: ['progress', 'completed'] })
    await waitFor(async () => ((await getJob(sim, quiet)).webhookStatus === 'delivered' ? true : undefined))
    await waitFor(async () => ((await getJob(sim, loud)).webhookStatus === 'delivered' ? true : undefined))

    const quietOnes = hook.received.filter((d) => d.body.jobId === quiet)
    expect(quietOnes.map((d) => d.body.event)).toEqual(['failed'])
    const failed = failedEventSchema.parse(quietOnes[0]?.body)
    expect(failed).toMatchObject({ status: 'FAILED', error: 'Simulated failure', model: 'i1-1' })
    expect(Object.keys(quietOnes[0]?.body ?? {}).sort()).toEqual(['error', 'event', 'jobId', 'model', 'status'])

    const progress = hook.received.filter((d) => d.body.jobId === loud && d.body.event === 'progress')
    expect(progress.length).toBeGreaterThan(1)
    const values = progress.map((d) => progressEventSchema.parse(d.body).progress)
    expect(new Set(values).size).toBe(values.length)
    expect([...values].sort((a, b) => a - b)).toEqual(values)
    for (const d of progress) {
      expect(d.headers['x-webhook-event']).toBe('progress')
      expect(sameSignature(String(d.headers['x-webhook-signature']), expectedSignature(sim.apiKey, d.raw))).toBe(true)
      expect(Object.keys(d.body).sort()).toEqual(['event', 'jobId', 'model', 'progress', 'status'])
    }
  })

  it('retries the terminal event with exponential backoff from 5 s (÷ speed), same bytes each time', async () => {
    const hook = await startReceiver((n) => (n < 3 ? 500 : 204))
    const sim = await startTestSim({ allowPrivateWebhooks: true, speed: 100 })
    const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'retry me', webhookUrl: hook.url })
    await waitFor(async () => ((await getJob(sim, id)).webhookStatus === 'delivered' ? true : undefined))
    expect(hook.received).toHaveLength(4)
    expect(new Set(hook.received.map((d) => d.raw.toString('base64'))).size).toBe(1)
    const gaps = hook.received.slice(1).map((d, i) => d.at - (hook.received[i]?.at ?? 0))
    // 5 s, 10 s, 20 s at speed 100.
    ;[50, 100, 200].forEach((expected, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(expected - 5)
      expect(gaps[i]).toBeLessThan(expected + 400)
    })
  })

  it('gives up after 11 attempts (1 + 10 retries): webhookStatus failed', async () => {
    const hook = await startReceiver(() => 500)
    const sim = await startTestSim({ allowPrivateWebhooks: true, speed: 20_000 })
    const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'nobody home', webhookUrl: hook.url })
    await waitFor(async () => ((await getJob(sim, id)).webhookStatus === 'failed' ? true : undefined))
    expect(hook.received).toHaveLength(11)

    // A network error counts as a failed attempt too.
    const closedPort = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'x', webhookUrl: 'http://127.0.0.1:9/hook' })
    await waitFor(async () => ((await getJob(sim, closedPort)).webhookStatus === 'failed' ? true : undefined))
  })

  it('refuses private and loopback webhook URLs without --allow-private-webhooks; null without a URL', async () => {
    // A resolver of its own: no real DNS for the public name below.
    const resolveHost = async (host: string) => (host === 'hooks.example.com' ? ['93.184.216.34'] : [])
    const sim = await startTestSim({ holdJobs: true, resolveHost })
    for (const webhookUrl of ['http://127.0.0.1:8080/h', 'http://localhost/h', 'http://10.1.2.3/h', 'http://192.168.1.9/h', 'http://[::1]/h', 'ftp://example.com/h']) {
      const res = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('generateImage'), { model: 'i1-1', prompt: 'x', webhookUrl })
      expect(res.status, webhookUrl).toBe(400)
      expect(Object.keys(res.body.details), webhookUrl).toEqual(['webhookUrl'])
    }
    const pub = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'x', webhookUrl: 'https://hooks.example.com/h' })
    expect((await getJob(sim, pub)).webhookStatus).toBe('pending')
    // Cancelled: nothing will be delivered, so nothing is pending (and no request leaves this machine).
    expect((await call(sim, 'POST', route('cancelJob', pub))).body.webhookStatus).toBeNull()
    const none = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'x' })
    sim.releaseJobs()
    expect((await waitForJob(sim, none)).webhookStatus).toBeNull()
  })
})
