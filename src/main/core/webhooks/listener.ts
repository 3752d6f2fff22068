// The local webhook listener: checks the signature over the raw bytes before parsing,
// caps the body, answers at once, dedupes, and hands the engine a hint. The job's state
// is then confirmed with GET /v2/jobs/{id}; a webhook is never trusted on its own.
// Connections are capped and every stage has a deadline (see ListenerLimits), because the
// listener runs in the same process as the engine and the UI server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LEGACY_WEBHOOK_SECRET_HEADER, WEBHOOK_SIGNATURE_HEADER, legacyTaskResultSchema, webhookPayloadSchema } from '../../../shared/api'
import { ConnectionGuard } from './connection-guard'
import { readBody } from './read-body'
import { verifyLegacySecret, verifySignature } from './signature'

export const WEBHOOK_PATH = '/webhooks/v2'
export const LEGACY_WEBHOOK_PATH = '/webhooks/legacy'
/** Where a self-check's request arrives: GET <path>/<token>, the token chosen by the check. */
export const CHECK_PATH = '/webhooks/check'
const MAX_BODY = 1024 * 1024

export interface ListenerLimits {
  /** Sockets held at once; at the cap the longest-waiting unfinished one makes room. */
  maxConnections: number
  /** Time to deliver request headers, from opening the connection or from the previous response. */
  headersTimeoutMs: number
  /** Time to deliver the body once the headers are in. */
  bodyTimeoutMs: number
  /** How long an idle kept-alive connection is held for a next request. */
  keepAliveTimeoutMs: number
}

// The service sends small JSON bodies at once, so a few seconds per stage is generous;
// 64 sockets is far more than its deliveries need at a time and far below any
// descriptor limit.
export const DEFAULT_LISTENER_LIMITS: ListenerLimits = {
  maxConnections: 64,
  headersTimeoutMs: 5_000,
  bodyTimeoutMs: 5_000,
  keepAliveTimeoutMs: 2_000
}

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
  limits?: Partial<ListenerLimits>
}

export class WebhookListener {
  private server: Server | null = null
  private seen = new Map<string, number>()
  private readonly limits: ListenerLimits
  private readonly guard: ConnectionGuard
  received = 0
  rejected = 0
  /** When the last signed delivery was taken, ISO; null before the first. */
  lastDeliveryAt: string | null = null
  /** Self-checks waiting for their request to come through the public URL, by token. */
  private checks = new Map<string, () => void>()

  constructor(private readonly opts: ListenerOptions) {
    this.limits = { ...DEFAULT_LISTENER_LIMITS, ...opts.limits }
    this.guard = new ConnectionGuard({ maxConnections: this.limits.maxConnections, headersTimeoutMs: this.limits.headersTimeoutMs })
  }

  /** Sockets the listener holds right now (never more than the cap). */
  get connections(): number {
    return this.guard.size
  }

  async start(): Promise<{ url: string; port: number }> {
    const { headersTimeoutMs, bodyTimeoutMs, keepAliveTimeoutMs } = this.limits
    const server = createServer(
      {
        // Node's own limits back up the guard's and readBody's deadlines. Node checks
        // them only every connectionsCheckingInterval (30 s by default), so that is
        // shortened too. requestTimeout covers headers and body together.
        headersTimeout: headersTimeoutMs,
        requestTimeout: headersTimeoutMs + bodyTimeoutMs,
        keepAliveTimeout: keepAliveTimeoutMs,
        connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs)
      },
      (req, res) => void this.handle(req, res)
    )
    this.guard.attach(server)
    this.server = server
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.opts.port ?? 0, this.opts.host ?? '127.0.0.1', () => resolve())
    })
    const { port } = server.address() as AddressInfo
    return { url: `http://127.0.0.1:${port}`, port }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const socket = req.socket
    this.guard.headersReceived(socket)
    res.once('finish', () => this.guard.responded(socket))
    const path = (req.url ?? '').split('?')[0] ?? ''
    if (req.method === 'GET' && path.startsWith(`${CHECK_PATH}/`)) return this.takeCheck(path.slice(CHECK_PATH.length + 1), res)
    if (req.method !== 'POST' || (path !== WEBHOOK_PATH && path !== LEGACY_WEBHOOK_PATH)) return endAndClose(res, 404)
    const read = await readBody(req, MAX_BODY, this.limits.bodyTimeoutMs)
    if (!read.ok) return endAndClose(res, read.status)
    const body = read.body
    this.guard.requestReceived(socket)
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
    this.lastDeliveryAt = new Date().toISOString()
    end(res, 204)
    // Terminal events are deduped by job and event; progress events are cheap and ordered by value.
    const key = `${hint.jobId}:${hint.event}:${hint.event === 'progress' ? hint.progress : ''}`
    if (this.seen.has(key)) return
    this.seen.set(key, Date.now())
    if (this.seen.size > 10_000) this.prune()
    this.opts.onHint(hint)
  }

  /**
   * Waits for a self-check's request to arrive. Only a token the app is waiting for is
   * answered 204; anything else under the check path is a 404, like any unknown path.
   */
  expectCheck(token: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.checks.delete(token)
        resolve(false)
      }, timeoutMs)
      timer.unref?.()
      this.checks.set(token, () => {
        clearTimeout(timer)
        this.checks.delete(token)
        resolve(true)
      })
    })
  }

  private takeCheck(token: string, res: ServerResponse): void {
    const arrived = this.checks.get(token)
    if (!arrived) return endAndClose(res, 404)
    arrived()
    end(res, 204)
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

/** Answers and drops the connection: whatever else the client sends is not read. */
function endAndClose(res: ServerResponse, status: number): void {
  res.statusCode = status
  res.setHeader('Connection', 'close')
  // Captured now: the response lets go of its socket once it has finished.
  const socket = res.socket
  res.end(() => socket?.destroy())
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
