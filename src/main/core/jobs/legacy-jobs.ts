// The legacy video endpoint in the engine's terms: a legacy request is journaled as a
// job like any other, and its task result becomes a Job, so the tracker, the downloads
// and the library treat legacy videos like any other output.
import { randomUUID } from 'node:crypto'
import {
  detailsFromZodError, legacyCost, legacyRequestSchema, type Job, type LegacyRequestInput, type LegacyTaskResult
} from '../../../shared/api'
import { withoutWebhookSecret, type JobRecord } from './job-record'
import type { JobStore } from './job-store'
import type { ServiceClient } from '../service/service-client'
import { RequestInvalidError } from './submitter'
import { heldAnswerNote, SubmitRefusedError } from './unwritten'
import type { SpendGuard } from './spend-guard'

export interface LegacySubmitDeps {
  store: JobStore
  client: ServiceClient
  /** The webhook URL and the shared secret the service will echo, when webhooks are on. */
  webhookFields: () => { webhook_url?: string; webhook_secret?: string }
  /** The spending limits, and whether the user said yes to this cost above the ask-first threshold. */
  spend?: SpendGuard
  confirmed?: boolean
}

/**
 * Journals and sends a legacy request. Legacy jobs have no Idempotency-Key, so an
 * unanswered one is marked rejected rather than ever resent blindly. A request the
 * journal refused is refused (SubmitRefusedError: nothing sent); an answer the journal
 * cannot take is held and written once it can be, never thrown away (there is no key to
 * ask for it again).
 */
export async function submitLegacyJob(deps: LegacySubmitDeps, body: Record<string, unknown>): Promise<JobRecord> {
  const parsed = legacyRequestSchema.safeParse(body)
  if (!parsed.success) throw new RequestInvalidError(detailsFromZodError(parsed.error))
  const now = new Date().toISOString()
  const id = randomUUID()
  // Held against the spending limits before the journal write, which counts it from then on.
  const slot = deps.spend?.reserve([legacyCost(parsed.data) ?? 0], deps.confirmed)[0]
  slot?.bind(id)
  // The secret goes only to the service; the journal keeps the request without it.
  const sent = { ...body, ...deps.webhookFields() }
  const record: JobRecord = {
    id, idempotencyKey: id, kind: 'legacy', model: parsed.data.model, request: withoutWebhookSecret(sent), inputs: [], submission: 'journaled',
    jobId: null, status: null, progress: null, error: null, creditCost: legacyCost(parsed.data), origin: 'app', createdAt: now, updatedAt: now,
    completedAt: null, expired: false, saved: 'none', sendAttempts: 1, dismissed: false
  }
  try {
    await deps.store.put(record)
  } catch (err) {
    throw new SubmitRefusedError(err)
  } finally {
    slot?.release()
  }
  let taskId: string
  try {
    taskId = (await deps.client.legacySubmit(sent as LegacyRequestInput)).task_id
  } catch (err) {
    const change = { submission: 'rejected' as const, error: err instanceof Error ? err.message : String(err) }
    await recordAnswer(deps.store, id, change, change.error)
    throw err
  }
  return recordAnswer(deps.store, id, { submission: 'accepted', jobId: taskId, status: 'PROCESSING', progress: 0 }, (err) => heldAnswerNote(taskId, err))
}

/** Writes the service's answer; held in the journal's memory when the disk refuses it. */
async function recordAnswer(store: JobStore, id: string, change: Partial<JobRecord>, note: string | ((err: unknown) => string)): Promise<JobRecord> {
  try {
    return (await store.update(id, () => change))!
  } catch (err) {
    return store.holdUnwritten(id, change, typeof note === 'string' ? note : note(err))!
  }
}

export function legacyToJob(task: LegacyTaskResult, record: JobRecord): Job {
  const finished = task.status === 'finished'
  return {
    id: task.task_id,
    status: finished ? 'COMPLETED' : 'PROCESSING',
    model: record.model,
    progress: Math.max(0, Math.min(100, Math.round(task.percentage))),
    result: finished && task.video_url ? { videos: [task.video_url] } : null,
    error: null,
    creditCost: record.creditCost,
    webhookStatus: null,
    createdAt: record.createdAt,
    completedAt: finished ? (record.completedAt ?? new Date().toISOString()) : null,
    expired: false
  }
}
