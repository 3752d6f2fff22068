// The local webhook listener: checks the signature over the raw bytes before parsing,
// caps the body, answers at once, dedupes, and hands the engine a hint. The job's state
// is then confirmed with GET /v2/jobs/{id}; a webhook is never trusted on its own.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LEGACY_WEBHOOK_SECRET_HEADER, WEBHOOK_SIGNATURE_HEADER, legacyTaskResultSchema, webhookPayloadSchema } from '../../../shared/api'
import { verifyLegacySecret, verifySignature } from './signature'

export const WEBHOOK_PATH = '/webhooks/v2'
export const LEGACY_WEBHOOK_PATH = '/webhooks/legacy'
const MAX_BODY = 1024 * 1024

export interface WebhookHint {
  jobId: string
  event: 'progress' | 'completed' | 'failed'
  progress?: number
  legacy?: boolean
}

export interface ListenerOptions {
  host?: string
  port?: number
  /** The signing secret (hex SHA-256 of the API key), or null while no key is known. */
  secret: () => string | null
  legacySecret: () => string
  onHint: (hint: WebhookHint) => void
}

export class WebhookListener {
  private server: Server | null = null
  private seen = new Map<string, number>()
  received = 0
  rejected = 0

  constructor(private readonly opts: ListenerOptions) {}

  async start(): Promise<{ url: string; port: number }> {
    const server = createServer((req, res) => void this.handle(req, res))
    this.server = server
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.opts.port ?? 0, this.opts.host ?? '127.0.0.1', () => resolve())
    })
    const { port } = server.address() as AddressInfo
    return { url: `http://127.0.0.1:${port}`, port }
  }

  private async readBody(req: IncomingMessage): Promise<Buffer | null> {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > MAX_BODY) return null
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req) {
      size += (chunk as Buffer).length
      if (size > MAX_BODY) return null
      chunks.push(chunk as Buffer)
    }
    return Buffer.concat(chunks)
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0]
    if (req.method !== 'POST' || (path !== WEBHOOK_PATH && path !== LEGACY_WEBHOOK_PATH)) return end(res, 404)
    const body = await this.readBody(req).catch(() => null)
    if (!body) {
      res.setHeader('Connection', 'close')
      return end(res, 413)
    }
    const legacy = path === LEGACY_WEBHOOK_PATH
    const secret = this.opts.secret()
    const ok = legacy
      ? verifyLegacySecret(this.opts.legacySecret(), header(req, LEGACY_WEBHOOK_SECRET_HEADER))
      : secret !== null && verifySignature(secret, body, header(req, WEBHOOK_SIGNATURE_HEADER))
    if (!ok) {
      this.rejected++
      return end(res, 401)
    }
    let hint: WebhookHint | null = null
    try {
      hint = legacy ? legacyHint(JSON.parse(body.toString('utf8'))) : v2Hint(JSON.parse(body.toString('utf8')))
    } catch {
      hint = null
    }
    if (!hint) return end(res, 400)
    this.received++
    end(res, 204)
    // Terminal events are deduped by job and event; progress events are cheap and ordered by value.
    const key = `${hint.jobId}:${hint.event}:${hint.event === 'progress' ? hint.progress : ''}`
    if (this.seen.has(key)) return
    this.seen.set(key, Date.now())
    if (this.seen.size > 10_000) this.prune()
    this.opts.onHint(hint)
  }

  private prune(): void {
    const cutoff = Date.now() - 24 * 3600_000
    for (const [k, t] of this.seen) if (t < cutoff || this.seen.size > 5000) this.seen.delete(k)
  }

  async close(): Promise<void> {
    const server = this.server
    this.server = null
    if (!server) return
    server.closeAllConnections?.()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

function end(res: ServerResponse, status: number): void {
  res.statusCode = status
  res.end()
}

function v2Hint(value: unknown): WebhookHint | null {
  const p = webhookPayloadSchema.safeParse(value)
  if (!p.success) return null
  return { jobId: p.data.jobId, event: p.data.event, ...(p.data.event === 'progress' ? { progress: p.data.progress } : {}) }
}

function legacyHint(value: unknown): WebhookHint | null {
  const p = legacyTaskResultSchema.safeParse(value)
  if (!p.success) return null
  return { jobId: p.data.task_id, event: p.data.status === 'finished' ? 'completed' : 'progress', progress: p.data.percentage, legacy: true }
}
