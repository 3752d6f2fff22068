import { createHash, createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { WebhookListener, WEBHOOK_PATH, LEGACY_WEBHOOK_PATH, type WebhookHint } from '../../../src/main/core/webhooks/listener'

const API_KEY = 'mgk_0123456789abcdef0123456789abcdef'
// The spec's rule, computed here independently of the app's code.
const SECRET = createHash('sha256').update(API_KEY).digest('hex')
const sign = (body: string) => 'sha256=' + createHmac('sha256', SECRET).update(body).digest('hex')

let listener: WebhookListener | null = null
afterEach(async () => {
  await listener?.close()
  listener = null
})

async function start(hints: WebhookHint[]) {
  listener = new WebhookListener({ port: 0, secret: () => SECRET, legacySecret: () => 'legacy-secret-value', onHint: (h) => hints.push(h) })
  return (await listener.start()).url
}

const completed = (jobId: string) => JSON.stringify({ event: 'completed', jobId, status: 'COMPLETED', progress: 100, result: { images: [] }, model: 'i1-1', creditCost: 3, completedAt: new Date().toISOString() })

describe('webhook listener', () => {
  it('accepts a correctly signed event and hands over a hint', async () => {
    const hints: WebhookHint[] = []
    const url = await start(hints)
    const body = completed('job-1')
    const res = await fetch(url + WEBHOOK_PATH, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-webhook-signature': sign(body), 'x-webhook-event': 'completed' } })
    expect(res.status).toBe(204)
    expect(hints).toEqual([{ jobId: 'job-1', event: 'completed' }])
  })

  it('answers 401 to a bad or missing signature and ignores the body', async () => {
    const hints: WebhookHint[] = []
    const url = await start(hints)
    const body = completed('job-2')
    const forged = await fetch(url + WEBHOOK_PATH, { method: 'POST', body, headers: { 'x-webhook-signature': sign(body + ' ') } })
    const missing = await fetch(url + WEBHOOK_PATH, { method: 'POST', body })
    // The signature covers the raw bytes: re-serialising the same JSON differently fails.
    const reformatted = await fetch(url + WEBHOOK_PATH, { method: 'POST', body: JSON.stringify(JSON.parse(body), null, 1), headers: { 'x-webhook-signature': sign(body) } })
    expect([forged.status, missing.status, reformatted.status]).toEqual([401, 401, 401])
    expect(hints).toEqual([])
  })

  it('dedupes repeated deliveries of the same event', async () => {
    const hints: WebhookHint[] = []
    const url = await start(hints)
    const body = completed('job-3')
    for (let i = 0; i < 3; i++) {
      const res = await fetch(url + WEBHOOK_PATH, { method: 'POST', body, headers: { 'x-webhook-signature': sign(body) } })
      expect(res.status).toBe(204)
    }
    expect(hints).toHaveLength(1)
  })

  it('refuses bodies over the cap', async () => {
    const url = await start([])
    const body = JSON.stringify({ event: 'progress', pad: 'x'.repeat(2 * 1024 * 1024) })
    const res = await fetch(url + WEBHOOK_PATH, { method: 'POST', body, headers: { 'x-webhook-signature': sign(body) } }).catch(() => null)
    expect(res === null || res.status === 413).toBe(true)
  })

  it('checks legacy webhooks by their x-webhook-secret', async () => {
    const hints: WebhookHint[] = []
    const url = await start(hints)
    const body = JSON.stringify({ task_id: 't-1', task_type: 'lv-video', status: 'finished', percentage: 100, video_url: 'http://x/v.webm' })
    const bad = await fetch(url + LEGACY_WEBHOOK_PATH, { method: 'POST', body, headers: { 'x-webhook-secret': 'wrong' } })
    const good = await fetch(url + LEGACY_WEBHOOK_PATH, { method: 'POST', body, headers: { 'x-webhook-secret': 'legacy-secret-value' } })
    expect(bad.status).toBe(401)
    expect(good.status).toBe(204)
    expect(hints).toEqual([{ jobId: 't-1', event: 'completed', progress: 100, legacy: true }])
  })
})
