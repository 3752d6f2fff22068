// How a job ended, as a notification tells it: a job is "done" once its outputs are saved
// (so the notification can show one, and a click finds it in the gallery), not when the
// service says it completed.
import type { JobView } from '../../../../shared/app/views'

export type Outcome = 'done' | 'failed' | 'lost' | 'cancelled'

/** A job that has ended, with what its notification says of it. */
export interface SettledJob {
  localId: string
  /** The service's job id (what the gallery opens); null for one refused before it had one. */
  jobId: string | null
  model: string
  prompt: string | null
  error: string | null
  outcome: Outcome
}

/** How the job ended, or null while it is still under way (being sent, running, or saving its outputs). */
export function outcomeOf(view: JobView): Outcome | null {
  if (view.submission === 'rejected') return 'failed'
  if (view.submission !== 'accepted') return null
  switch (view.status) {
    case 'FAILED':
      return 'failed'
    case 'CANCELLED':
      return 'cancelled'
    case 'COMPLETED':
      if (view.saved === 'saved' || view.saved === 'partial') return 'done'
      return view.saved === 'lost' ? 'lost' : null
    default:
      return null
  }
}

export function settledJob(view: JobView, outcome: Outcome): SettledJob {
  return { localId: view.localId, jobId: view.jobId, model: view.model, prompt: view.prompt, error: view.error, outcome }
}
