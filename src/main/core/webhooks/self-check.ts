// Calls the webhook URL the service is given and watches for the request at the local
// listener: through a tunnel, that proves the whole path the service's deliveries take.
import { randomBytes } from 'node:crypto'
import { request } from 'undici'
import type { WebhookCheck } from '../../../shared/app/webhook-health'
import { CHECK_PATH, type WebhookListener } from './listener'

export async function checkWebhookPath(listener: WebhookListener | null, base: string | null, timeoutMs = 10_000): Promise<WebhookCheck> {
  if (!listener || !base) return { ok: false, message: 'Webhooks are off: set a public webhook URL to use them', ms: null }
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
  if (seen && status === 204) return { ok: true, message: `A request to ${base} reached the listener in ${ms} ms`, ms }
  if (seen) return { ok: false, message: `The request reached the listener, but ${base} answered ${status ?? 'nothing'}`, ms }
  if (failure) return { ok: false, message: `Could not call ${base}: ${failure}`, ms: null }
  return { ok: false, message: `${base} answered ${status}, but the request never reached the listener: is the tunnel pointed at this app's webhook port?`, ms: null }
}
