// How a job's local and remote state reads in the UI, and which actions it allows.
import { formatCountdown } from '../../../shared/app/countdown'
import { isActive } from '../../../shared/app/job-state'
import { isTerminal } from '../../../shared/api/resources'
import type { JobView } from '../../../shared/app/views'
import type { ChipTone } from '../../ui/StatusChip'
import { t } from '../../i18n/page-i18n'

export type DisplayStatus = 'SENDING' | 'REJECTED' | 'QUEUED' | 'PROCESSING' | 'COMPLETED' | 'FAILED' | 'CANCELLED'

export function displayStatus(job: JobView): DisplayStatus {
  if (job.submission === 'rejected') return 'REJECTED'
  if (job.submission === 'journaled' || job.status === null) return 'SENDING'
  return job.status
}

/** The status chip's word, in the page's language. */
export function statusLabel(status: DisplayStatus): string {
  return t(`queue:jobs.status.${status}`)
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
    const reason = job.saveWaiting.reason
    const text = left > 0 ? t('queue:jobs.saving.waitingPurge', { reason, countdown: formatCountdown(left) }) : t('queue:jobs.saving.waitingPast', { reason })
    return { text, tone: 'warning' }
  }
  switch (job.saved) {
    case 'saving':
      return { text: t('queue:jobs.saving.saving'), tone: 'info' }
    case 'saved':
      return { text: t('queue:jobs.saving.saved'), tone: 'success' }
    case 'partial':
      return { text: t('queue:jobs.saving.someLost', { reason: lostReason ?? t('queue:jobs.saving.unknownReason') }), tone: 'danger' }
    case 'lost':
      return { text: t('queue:jobs.saving.lost', { reason: lostReason ?? t('queue:jobs.saving.unknownReason') }), tone: 'danger' }
    case 'none':
      return job.status === 'COMPLETED' ? { text: t('queue:jobs.saving.waiting'), tone: 'muted' } : null
  }
}

/** Progress the bar shows: complete jobs are full, unknown progress is indeterminate. */
export function progressOf(job: JobView): number | null {
  if (job.status === 'COMPLETED') return 100
  return job.progress
}
