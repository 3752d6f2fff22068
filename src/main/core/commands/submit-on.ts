// The work of `submit` on an engine, wherever it runs (the command line's own process, or
// the app holding the data folder for it): the same journal, the same Idempotency-Key
// rules, the same spending limits, and an answer that is the truth. A submission the
// journal could not take is refused as `not_taken`, one a spending limit refused as
// `over_limit` (or `ask_first`, without the user's yes): nothing was sent and nothing will be.
import type { SubmitAnswer } from '../../../shared/app/handover'
import type { Engine } from '../engine'
import type { JobRecord } from '../jobs/job-record'
import { AuthError } from '../client/http'
import { RequestInvalidError } from '../jobs/submitter'
import { SubmitRefusedError } from '../jobs/unwritten'
import { SpendRefusal } from '../jobs/spend-guard'
import { FolderLostError } from '../fs/folder-hold'
import { HandoverRefusal } from '../handover/holder-commands'

type SubmitEngine = Pick<Engine, 'submit' | 'jobs'>

function rejectedBy(record: JobRecord): Extract<SubmitAnswer, { outcome: 'rejected' }>['by'] {
  if (record.errorDetails?.['Idempotency-Key']) return 'idempotency-key'
  return record.error === new AuthError().message ? 'key' : 'request'
}

/** The refusal a submission's failure is answered with. */
function refusalOf(err: unknown): unknown {
  if (err instanceof SubmitRefusedError) return new HandoverRefusal('not_taken', err.message)
  if (err instanceof SpendRefusal) return new HandoverRefusal(err.reason === 'ask_first' ? 'ask_first' : 'over_limit', err.message, { reason: err.reason, cost: err.cost, limit: err.limit })
  if (err instanceof RequestInvalidError) return new HandoverRefusal('validation', err.message)
  if (err instanceof FolderLostError) return new HandoverRefusal('unavailable', err.message)
  return err
}

/** `confirmed`: the user said yes to its cost, so it goes even above the ask-first threshold (never past a limit). */
export async function submitOn(engine: SubmitEngine, body: Record<string, unknown>, idempotencyKey: string | undefined, confirmed: boolean): Promise<SubmitAnswer> {
  // A key this journal already answered for: the same request again is that job.
  const earlier = idempotencyKey === undefined ? undefined : engine.jobs().find((r) => r.idempotencyKey === idempotencyKey && r.jobId)
  let record: JobRecord
  try {
    record = await engine.submit(body, [], idempotencyKey, { confirmed })
  } catch (err) {
    throw refusalOf(err)
  }
  if (record.submission === 'rejected') return { outcome: 'rejected', reason: record.error ?? 'refused by the service', by: rejectedBy(record) }
  if (record.submission === 'journaled') return { outcome: 'journaled', localId: record.id, reason: record.error ?? null }
  return { outcome: 'sent', localId: record.id, jobId: record.jobId!, again: !!earlier && record.id === earlier.id }
}
