// Cancel, retry or dismiss many jobs at once, through the same routes as one job's
// buttons (each checked by main as for a single job). Jobs the action does not apply to
// (a finished job cannot be cancelled) are skipped and counted, never sent.
import type { JobView } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useJobs } from '../../stores/jobs'
import { callAskingFirst } from '../../stores/spend-limits'
import { canCancel, canDismiss, canRetry } from '../../components/jobs/job-status'

export type BulkAction = 'cancel' | 'retry' | 'dismiss'

/** Requests in flight at once: enough to be quick, few enough not to crowd the engine. */
const AT_ONCE = 4

const APPLIES: Record<BulkAction, (job: JobView) => boolean> = { cancel: canCancel, retry: canRetry, dismiss: canDismiss }
const ROUTE = { cancel: 'jobs.cancel', retry: 'jobs.retry', dismiss: 'jobs.dismiss' } as const

export function appliesTo(action: BulkAction, job: JobView): boolean {
  return APPLIES[action](job)
}

export interface BulkOutcome {
  done: number
  skipped: number
  /** The first few reasons the engine gave for the ones it refused. */
  failures: string[]
}

async function runOne(action: BulkAction, job: JobView): Promise<string | null> {
  const r = action === 'retry' ? await callAskingFirst('jobs.retry', { localId: job.localId }) : await call(ROUTE[action], { localId: job.localId })
  if (!r.ok) return r.error.message
  if (action === 'dismiss') useJobs.getState().remove(job.localId)
  else if (r.data) useJobs.getState().upsert(r.data)
  return null
}

export async function runBulk(action: BulkAction, jobs: readonly JobView[]): Promise<BulkOutcome> {
  const eligible = jobs.filter((j) => appliesTo(action, j))
  const failures: string[] = []
  let next = 0
  const worker = async () => {
    while (next < eligible.length) {
      const failure = await runOne(action, eligible[next++]!)
      if (failure) failures.push(failure)
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, eligible.length) }, worker))
  return { done: eligible.length - failures.length, skipped: jobs.length - eligible.length, failures: failures.slice(0, 3) }
}

const PAST: Record<BulkAction, string> = { cancel: 'Cancelled', retry: 'Submitted again', dismiss: 'Dismissed' }

/** One sentence for the toast: how many went, how many were skipped, and why any failed. */
export function describeOutcome(action: BulkAction, o: BulkOutcome): string {
  const parts = [`${PAST[action]} ${o.done} job${o.done === 1 ? '' : 's'}`]
  if (o.skipped > 0) parts.push(`${o.skipped} skipped (not possible in their state)`)
  if (o.failures.length > 0) parts.push(`refused: ${o.failures.join('; ')}`)
  return parts.join(', ')
}
