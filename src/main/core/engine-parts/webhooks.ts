// The engine's webhook side: the listener, the URL the service is given, and what a
// signed hint does to the job it names.
import { isRunning } from '../../../shared/app/job-state'
import type { WebhookCheck, WebhookHealth } from '../../../shared/app/webhook-health'
import type { JobRecord } from '../jobs/job-record'
import { WebhookListener, WEBHOOK_PATH, LEGACY_WEBHOOK_PATH, type WebhookHint } from '../webhooks/listener'
import { webhookSecretFor } from '../webhooks/signature'
import { checkWebhookPath } from '../webhooks/self-check'
import type { EngineServices } from './services'

export type WebhookMode = 'off' | 'local' | 'public'

export interface WebhookSettings {
  mode: WebhookMode
  publicUrl?: string
  port?: number
}

export class EngineWebhooks {
  private listener: WebhookListener | null = null
  private base: string | null = null

  constructor(
    private readonly settings: WebhookSettings,
    private readonly apiKey: () => string | null,
    /** The running services, or null while the folder's files are closed. */
    private readonly services: () => EngineServices | null
  ) {}

  on(): boolean {
    return this.base !== null
  }

  async start(): Promise<void> {
    const { mode, publicUrl, port } = this.settings
    if (mode === 'off') return
    this.listener = new WebhookListener({
      port: port ?? 0,
      secret: () => {
        const key = this.apiKey()
        return key ? webhookSecretFor(key) : null
      },
      legacySecret: () => this.services()?.legacySecret ?? '',
      onHint: (h) => this.onHint(h)
    })
    const { url } = await this.listener.start()
    this.base = mode === 'public' && publicUrl ? publicUrl.replace(/\/+$/, '') : url
  }

  close(): Promise<void> {
    return this.listener?.close() ?? Promise.resolve()
  }

  health(): WebhookHealth {
    const listener = this.listener
    return {
      mode: this.base ? this.settings.mode : 'off',
      url: this.base,
      received: listener?.received ?? 0,
      rejected: listener?.rejected ?? 0,
      lastDeliveryAt: listener?.lastDeliveryAt ?? null
    }
  }

  /** Calls the webhook URL the service is given and sees whether the listener gets it. */
  check(): Promise<WebhookCheck> {
    return checkWebhookPath(this.listener, this.base)
  }

  fields(): { webhookUrl?: string; webhookEvents?: string[] } {
    if (!this.base) return {}
    // Progress events too: they move the bar on screen as the job runs, at no cost in
    // requests (they arrive; nothing is asked).
    return { webhookUrl: this.base + WEBHOOK_PATH, webhookEvents: ['progress', 'completed', 'failed'] }
  }

  /** Webhook fields for a legacy request: its URL and the shared secret it will echo. */
  legacyFields(): { webhook_url?: string; webhook_secret?: string } {
    if (!this.base) return {}
    return { webhook_url: this.base + LEGACY_WEBHOOK_PATH, webhook_secret: this.services()?.legacySecret ?? '' }
  }

  private onHint(h: WebhookHint): void {
    const s = this.services()
    if (!s) return
    const record = s.store.byServiceId(h.jobId)
    if (!record) {
      // A job we have not seen (submitted elsewhere with our webhook URL): rescue finds it.
      if (h.event !== 'progress') void s.rescue.run().catch(() => undefined)
      return
    }
    if (h.event === 'progress' && h.progress !== undefined && !h.legacy) {
      void takeProgress(s, record, h.progress)
      return
    }
    s.tracker.hint(h.jobId)
  }
}

// A signed progress event is shown as it comes, without asking the service again: it
// only moves a bar. The state that matters (the end, the result) is always confirmed
// with GET /v2/jobs/{id}. Events arrive out of order, so the bar only moves forward.
async function takeProgress(s: EngineServices, record: JobRecord, progress: number): Promise<void> {
  if (!isRunning(record) || (record.progress ?? -1) >= progress) return
  await s.store.update(record.id, (r) => (isRunning(r) && (r.progress ?? -1) < progress ? { status: 'PROCESSING', progress } : {})).catch(() => undefined)
}
