// Calls the webhook URL the service is given and watches for the request at the local
// listener: through a tunnel, that proves the whole path the service's deliveries take.
import { randomBytes } from 'node:crypto'
import { request } from 'undici'
import type { WebhookCheck } from '../../../shared/app/webhook-health'
import { CHECK_PATH, type WebhookListener } from './listener'
import { tm } from '../i18n/main-i18n'

export async function checkWebhookPath(listener: WebhookListener | null, base: string | null, timeoutMs = 10_000): Promise<WebhookCheck> {
  if (!listener || !base) return { ok: false, message: tm('main:webhookCheck.off'), ms: null }
  const token = randomBytes(16).toString('hex')
  const started = Date.now()
  const arrived = listener.expectCheck(token, timeoutMs)
  let status: number | null = null
  let failure: string | null = null
  try {
    const res = await request(`${base}${CHECK_PATH}/${token}`, { method: 'GET', headersTimeout: timeoutMs, bodyTimeout: timeoutMs })
    status = res.statusCode
    await res.body.dump()
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err)
  }
  // The request may have reached the listener even when its answer got lost on the way back.
  const seen = failure === null ? await arrived : await Promise.race([arrived, Promise.resolve(false)])
  const ms = Date.now() - started
  if (seen && status === 204) return { ok: true, message: tm('main:webhookCheck.reached', { base, ms }), ms }
  if (seen) return { ok: false, message: status === null ? tm('main:webhookCheck.reachedNoAnswer', { base }) : tm('main:webhookCheck.reachedWrongAnswer', { base, status }), ms }
  if (failure) return { ok: false, message: tm('main:webhookCheck.couldNotCall', { base, reason: failure }), ms: null }
  return { ok: false, message: tm('main:webhookCheck.neverReached', { base, status: status ?? 0 }), ms: null }
}
