// Webhook health: the listener keeps when the last signed delivery came and how many were
// refused, and the self-check passes only when its request reaches the listener.
import { createHash, createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { CHECK_PATH, WebhookListener, WEBHOOK_PATH } from '../../../src/main/core/webhooks/listener'
import { checkWebhookPath } from '../../../src/main/core/webhooks/self-check'

const SECRET = createHash('sha256').update('mgk_0123456789abcdef0123456789abcdef').digest('hex')
const sign = (body: string) => 'sha256=' + createHmac('sha256', SECRET).update(body).digest('hex')

let listener: WebhookListener | null = null
let other: Server | null = null
afterEach(async () => {
  await listener?.close()
  listener = null
  await new Promise((r) => (other ? other.close(r) : r(null)))
  other = null
})

async function startListener(): Promise<string> {
  listener = new WebhookListener({ port: 0, secret: () => SECRET, legacySecret: () => 'legacy-secret-value', onHint: () => undefined })
  return (await listener.start()).url
}

describe('webhook health', () => {
  it('keeps the last delivery time and counts refused signatures', async () => {
    const url = await startListener()
    expect(listener!.lastDeliveryAt).toBeNull()
    const body = JSON.stringify({ event: 'failed', jobId: 'j', status: 'FAILED', error: 'x', model: 'i1-1', completedAt: new Date().toISOString() })
    await fetch(url + WEBHOOK_PATH, { method: 'POST', body, headers: { 'x-webhook-signature': sign(body + ' ') } })
    expect(listener!.lastDeliveryAt).toBeNull()
    const before = Date.now()
    const res = await fetch(url + WEBHOOK_PATH, { method: 'POST', body, headers: { 'x-webhook-signature': sign(body) } })
    expect(res.status).toBe(204)
    expect(Date.parse(listener!.lastDeliveryAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect({ received: listener!.received, rejected: listener!.rejected }).toEqual({ received: 1, rejected: 1 })
  })

  it('passes when the request reaches the listener', async () => {
    const url = await startListener()
    const r = await checkWebhookPath(listener, url)
    expect(r.ok).toBe(true)
    expect(r.message).toMatch(/reached the listener in \d+ ms/)
  })

  it('fails when the URL answers but the request never reaches the listener', async () => {
    await startListener()
    other = createServer((_req, res) => res.writeHead(204).end())
    await new Promise<void>((r) => other!.listen(0, '127.0.0.1', r))
    const port = (other.address() as { port: number }).port
    const r = await checkWebhookPath(listener, `http://127.0.0.1:${port}`, 500)
    expect(r).toMatchObject({ ok: false, ms: null })
    expect(r.message).toContain('never reached the listener')
  })

  it('answers 404 under the check path to a token nobody waits for', async () => {
    const url = await startListener()
    expect((await fetch(`${url}${CHECK_PATH}/not-awaited`)).status).toBe(404)
  })

  it('says webhooks are off without a listener', async () => {
    expect(await checkWebhookPath(null, null)).toMatchObject({ ok: false, message: expect.stringContaining('Webhooks are off') })
  })
})
