// The journal's record of one job, from before it is sent until its outputs are saved.
// It is written to disk before the first attempt to send, so a crash at any moment
// leaves enough to resend the same submission (same Idempotency-Key) or resume tracking.
import { z } from 'zod'
import { jobStatus } from '../../../shared/api'
import type { JobView } from '../../../shared/app/views'
import { libraryInputSchema } from '../../../shared/app/views'
import { isRunning } from '../../../shared/app/job-state'

export const jobRecordSchema = z.object({
  id: z.string(),
  idempotencyKey: z.string(),
  kind: z.enum(['image', 'upscale', 'edit', 'background', 'video', 'music', 'legacy']),
  model: z.string(),
  request: z.record(z.string(), z.unknown()),
  inputs: z.array(libraryInputSchema).default([]),
  submission: z.enum(['journaled', 'accepted', 'rejected']),
  jobId: z.string().nullable(),
  status: jobStatus.nullable(),
  progress: z.number().nullable(),
  error: z.string().nullable(),
  errorDetails: z.record(z.string(), z.array(z.string())).optional(),
  creditCost: z.number().nullable(),
  origin: z.enum(['app', 'elsewhere']),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  result: z.unknown().optional(),
  expired: z.boolean().default(false),
  saved: z.enum(['none', 'saving', 'saved', 'partial', 'lost']).default('none'),
  sendAttempts: z.number().int().default(0),
  dismissed: z.boolean().default(false)
})
export type JobRecord = z.infer<typeof jobRecordSchema>

export function parseJobRecord(value: unknown): JobRecord | null {
  const parsed = jobRecordSchema.safeParse(value)
  // Records written by earlier versions may hold the legacy webhook secret: it is dropped
  // on load, and so from the file at the next compaction.
  return parsed.success ? forJournal(parsed.data) : null
}

/** The record as the journal may keep it: never with the legacy webhook secret. */
export function forJournal(r: JobRecord): JobRecord {
  return 'webhook_secret' in r.request ? { ...r, request: withoutWebhookSecret(r.request) } : r
}

/**
 * A legacy request as the journal keeps it: without `webhook_secret`. The secret lives
 * only in its own 0600 file and is added to the body just as it is sent; a legacy
 * submission is never resent from the journal, so the journal has no use for it.
 */
export function withoutWebhookSecret(request: Record<string, unknown>): Record<string, unknown> {
  const { webhook_secret: _secret, ...rest } = request
  return rest
}

export function toJobView(r: JobRecord): JobView {
  const prompt = typeof r.request.prompt === 'string' ? r.request.prompt : null
  // Webhook fields are the engine's business; the page sees the request as the user made it.
  const { webhookUrl: _u, webhookEvents: _e, webhook_url: _lu, webhook_secret: _ls, ...request } = r.request
  return {
    localId: r.id,
    jobId: r.jobId,
    model: r.model,
    kind: r.kind,
    prompt,
    request,
    submission: r.submission,
    status: r.status,
    progress: r.progress,
    error: r.error,
    creditCost: r.creditCost,
    origin: r.origin,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    completedAt: r.completedAt,
    saved: r.saved
  }
}

/**
 * A record the journal no longer needs: finished, its outputs settled in the library (or
 * refused by the service), and older than the queue shows. The library keeps the result.
 */
export function isSettledBefore(r: JobRecord, cutoffMs: number): boolean {
  const settled = r.submission === 'rejected' || (r.status !== null && !isRunning(r) && (r.status !== 'COMPLETED' || ['saved', 'lost', 'partial'].includes(r.saved)))
  return settled && (Date.parse(r.updatedAt) || 0) < cutoffMs
}
