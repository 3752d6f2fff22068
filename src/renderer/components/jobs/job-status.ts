// How a job's local and remote state reads in the UI, and which actions it allows.
import { formatCountdown } from '../../../shared/app/countdown'
import { isActive } from '../../../shared/app/job-state'
import { isTerminal } from '../../../shared/api/resources'
import type { JobView } from '../../../shared/app/views'
import type { ChipTone } from '../../ui/StatusChip'

export type DisplayStatus = 'SENDING' | 'REJECTED' | 'QUEUED' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED'

export function displayStatus(job: JobView): DisplayStatus {
  if (job.submission === 'rejected') return 'REJECTED'
  if (job.submission === 'journaled' || job.status === null) return 'SENDING'
  return job.status
}

export const STATUS_LABEL: Record<DisplayStatus, string> = {
  SENDING: 'Sending',
  REJECTED: 'Rejected',
  QUEUED: 'Queued',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled'
}

export const STATUS_TONE: Record<DisplayStatus, ChipTone> = {
  SENDING: 'info',
  REJECTED: 'danger',
  QUEUED: 'neutral',
  PROCESSING: 'accent',
  COMPLETED: 'success',
  FAILED: 'danger',
  CANCELLED: 'warning'
}

/**
 * The service can cancel a job it has given an id and last said is not finished; one
 * still waiting to be sent is cancelled by taking it back (legacy ones are never resent).
 */
export function canCancel(job: JobView): boolean {
  if (job.submission === 'journaled') return job.kind !== 'legacy'
  return job.jobId !== null && job.status !== null && !isTerminal(job.status)
}

export function canRetry(job: JobView): boolean {
  const s = displayStatus(job)
  return s === 'FAILED' || s === 'CANCELLED' || s === 'REJECTED'
}

/**
 * Running jobs stay: dismissing one would hide work that is still being paid for. One
 * still waiting to be sent may go: dismissing it takes it back.
 */
export function canDismiss(job: JobView): boolean {
  return !isActive(job) || (job.submission === 'journaled' && job.kind !== 'legacy')
}

/** The service returns the reserved credits of a job that fails or is cancelled. */
export function refunded(job: JobView): boolean {
  return job.status === 'FAILED' || job.status === 'CANCELLED'
}

export type SavingTone = 'muted' | 'info' | 'success' | 'warning' | 'danger'

/** Where the outputs stand on disk; null when there is nothing to say yet. */
export function savingState(job: JobView, lostReason: string | null, now = Date.now()): { text: string; tone: SavingTone } | null {
  // Not lost: the app keeps trying until it is saved or the service says it is gone.
  if (job.saveWaiting) {
    const left = Date.parse(job.saveWaiting.purgeAt) - now
    const when = left > 0 ? `the service purges it in ${formatCountdown(left)}` : 'past its purge time, still trying'
    return { text: `Waiting to save (${job.saveWaiting.reason}); retrying, ${when}`, tone: 'warning' }
  }
  switch (job.saved) {
    case 'saving':
      return { text: 'Saving…', tone: 'info' }
    case 'saved':
      return { text: 'Saved', tone: 'success' }
    case 'partial':
      return { text: `Some outputs lost: ${lostReason ?? 'see the gallery for details'}`, tone: 'danger' }
    case 'lost':
      return { text: `Outputs lost: ${lostReason ?? 'see the gallery for details'}`, tone: 'danger' }
    case 'none':
      return job.status === 'COMPLETED' ? { text: 'Waiting to save', tone: 'muted' } : null
  }
}

/** Progress the bar shows: complete jobs are full, unknown progress is indeterminate. */
export function progressOf(job: JobView): number | null {
  if (job.status === 'COMPLETED') return 100
  return job.progress
}
