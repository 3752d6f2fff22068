// One answer, for the engine and the window alike, to "is this job still going?", built on
// the service's terminal states (COMPLETED, FAILED, CANCELLED).
import { isTerminal, type JobStatus } from '../api/resources'

/** Where a submission stands locally, and what the service last said of its job. */
export interface JobState {
  submission: 'journaled' | 'accepted' | 'rejected'
  status: JobStatus | null
}

/**
 * Accepted by the service and not in a terminal state there (a status not known yet
 * counts as running): the service may still change it, so it is tracked and can be paid for.
 */
export function isRunning(job: JobState): boolean {
  return job.submission === 'accepted' && (job.status === null || !isTerminal(job.status))
}

/** Still under way as the user sees it: being sent, or running at the service. */
export function isActive(job: JobState): boolean {
  return job.submission === 'journaled' || isRunning(job)
}
