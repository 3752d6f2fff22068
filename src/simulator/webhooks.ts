// Webhook delivery. Progress events go once, best effort. The terminal event (completed
// or failed; a legacy task's final result) is kept as exact bytes on the job and retried
// on a non-2xx answer or a network error, up to 10 times with a backoff of 5 s, 10 s,
// 20 s… divided by the service's speed; `webhookStatus` follows it. Pending deliveries
// survive a restart because their state lives on the (persisted) job. Unless private
// webhooks are allowed, each attempt checks its target again (a failed attempt when it
// now resolves to a private address) and connects only to the addresses it checked.
import { createHash, createHmac } from 'node:crypto'
import { Agent, request } from 'undici'
import {
  LEGACY_WEBHOOK_SECRET_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER, type WebhookEventName
} from '../shared/api'
import type { ServiceState } from './service-state'
import type { JobRecord, WebhookState } from './state/types'
import { legacyView, resultOf } from './state/views'
import { checkWebhookTarget, guardedLookup } from './webhook-target'

export const MAX_RETRIES = 10
export const FIRST_RETRY_MS = 5000
const TIMEOUT_MS = 10_000

/** The signature of a body: HMAC-SHA256 keyed with the hex SHA-256 of the API key. */
export function signBody(apiKey: string, body: string): string {
  const secret = createHash('sha256').update(apiKey).digest('hex')
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly inFlight = new Set<AbortController>()
  private closed = false
  /** Connects only to checked public addresses; null when private targets are allowed. */
  private readonly dispatcher: Agent | null

  constructor(private readonly sim: ServiceState) {
    this.dispatcher = sim.config.allowPrivateWebhooks ? null : new Agent({ connect: { lookup: guardedLookup(sim.config.resolveHost) } })
  }

  /** Whether the target may be reached now: DNS may have changed since submission. */
  private async targetAllowed(url: string): Promise<boolean> {
    if (this.sim.config.allowPrivateWebhooks) return true
    const target = await checkWebhookTarget(url, this.sim.config.resolveHost)
    if (!target.ok) this.sim.log(`webhook to ${url} not sent: ${target.reason}`)
    return target.ok
  }

  private wants(w: WebhookState, event: WebhookEventName): boolean {
    return w.format === 'legacy' || w.events.includes(event)
  }

  /** Sends the job's current progress if subscribed and changed; never retried. */
  progress(job: JobRecord): void {
    const w = job.webhook
    if (!w || !this.wants(w, 'progress') || w.lastProgressSent === job.progress) return
    w.lastProgressSent = job.progress
    const body = w.format === 'legacy'
      ? legacyView(this.sim, job)
      : { event: 'progress', jobId: job.id, status: 'PROCESSING', progress: job.progress, model: job.model }
    void this.post(w, 'progress', JSON.stringify(body))
  }

  /** Starts delivering the job's terminal event; call once the job reached its final status. */
  terminal(job: JobRecord): void {
    const w = job.webhook
    if (!w) return
    const event = job.status === 'COMPLETED' ? 'completed' : job.status === 'FAILED' ? 'failed' : null
    if (event === null || !this.wants(w, event)) {
      // Nothing will be sent (cancelled, or the event was not asked for): nothing is pending.
      w.status = null
      this.sim.store.changed()
      return
    }
    let body: unknown
    if (w.format === 'legacy') body = legacyView(this.sim, job)
    else if (event === 'completed') {
      body = {
        event, jobId: job.id, status: 'COMPLETED', progress: 100, result: resultOf(this.sim, job),
        model: job.model, creditCost: job.creditCost, completedAt: new Date(job.completedAt ?? this.sim.store.now()).toISOString()
      }
    } else body = { event, jobId: job.id, status: 'FAILED', error: job.error ?? 'Failed', model: job.model }
    w.body = JSON.stringify(body)
    w.event = event
    w.status = 'pending'
    w.attempts = 0
    this.sim.store.changed()
    void this.attempt(job)
  }

  /** After a restart: carries on with a delivery that was still pending. */
  resume(job: JobRecord): void {
    const w = job.webhook
    if (!w || w.status !== 'pending' || w.body === null) return
    if (w.attempts === 0) void this.attempt(job)
    else this.later(this.retryDelay(w.attempts), () => void this.attempt(job))
  }

  private retryDelay(attemptsMade: number): number {
    return (FIRST_RETRY_MS * 2 ** (attemptsMade - 1)) / this.sim.config.speed
  }

  private async attempt(job: JobRecord): Promise<void> {
    const w = job.webhook
    if (this.closed || !w || w.status !== 'pending' || w.body === null) return
    w.attempts += 1
    this.sim.store.changed()
    const ok = await this.post(w, w.event ?? 'completed', w.body)
    if (this.closed) return
    if (ok) w.status = 'delivered'
    else if (w.attempts > MAX_RETRIES) w.status = 'failed'
    else this.later(this.retryDelay(w.attempts), () => void this.attempt(job))
    this.sim.store.changed()
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      fn()
    }, ms)
    this.timers.add(timer)
  }

  /** One POST; true on a 2xx answer. */
  private async post(w: WebhookState, event: string, body: string): Promise<boolean> {
    if (this.closed || !(await this.targetAllowed(w.url))) return false
    if (this.closed) return false // closed while the target was being checked
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (w.format === 'v2') {
      headers[WEBHOOK_EVENT_HEADER] = event
      headers[WEBHOOK_SIGNATURE_HEADER] = signBody(this.sim.store.apiKey, body)
    } else if (w.secret !== null) headers[LEGACY_WEBHOOK_SECRET_HEADER] = w.secret
    const abort = new AbortController()
    this.inFlight.add(abort)
    try {
      const res = await request(w.url, {
        method: 'POST', headers, body, signal: abort.signal, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS,
        ...(this.dispatcher ? { dispatcher: this.dispatcher } : {})
      })
      await res.body.dump()
      return res.statusCode >= 200 && res.statusCode < 300
    } catch {
      return false
    } finally {
      this.inFlight.delete(abort)
    }
  }

  close(): void {
    this.closed = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    for (const a of this.inFlight) a.abort()
    void this.dispatcher?.destroy()
  }
}
