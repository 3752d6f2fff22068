// How long a job has run and how long it likely has left, from its own progress rate.
import { isActive } from '../../../shared/app/job-state'
import { remainingMs } from '../../../shared/app/progress-rate'
import type { JobView } from '../../../shared/app/views'
import type { ProgressSample } from '../../stores/job-views'
import { formatClock } from '../../format/numbers'
import { t } from '../../i18n/page-i18n'

// The clock's form lives with the page's other formats; the views here use it from this module.
export { formatClock }

/**
 * Milliseconds since submission; up to completion once the job has finished (or to its
 * last change, for a job that ended without a completion time: cancelled, failed).
 */
export function elapsedMs(job: JobView, now: number): number {
  const start = Date.parse(job.createdAt)
  const end = job.completedAt ? Date.parse(job.completedAt) : isActive(job) ? now : Date.parse(job.updatedAt)
  return Math.max(0, end - start)
}

/**
 * Milliseconds left at the rate progress has moved so far, or null when there is no rate
 * yet: the estimate the engine's poll schedule uses too (shared/app/progress-rate.ts).
 */
export function etaMs(job: JobView, sample: ProgressSample | undefined, now: number): number | null {
  if (job.status !== 'PROCESSING' || !sample || sample.lastProgress <= 0 || sample.lastProgress >= 100) return null
  return remainingMs(sample, Date.parse(job.createdAt), now)
}

/** Progress past which a job whose time is up is taken to be finishing. */
const NEARLY_DONE = 90

/**
 * What the clock says of the time left. A job whose projected time has run out is
 * "finishing" only near the end; earlier it has simply slowed down, and says so.
 */
export function timeLeftLabel(eta: number | null, progress: number | null): string {
  if (eta === null) return t('queue:jobs.clock.estimating')
  if (eta >= 1000) return t('queue:jobs.clock.left', { clock: formatClock(eta) })
  return progress !== null && progress >= NEARLY_DONE ? t('queue:jobs.clock.finishing') : t('queue:jobs.clock.slow')
}
