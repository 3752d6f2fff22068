// Progress percentage, elapsed time and time left of a running job, ticking each second.
import type { JobView } from '../../../shared/app/views'
import { isActive } from '../../../shared/app/job-state'
import { useJobs } from '../../stores/jobs'
import { progressOfJob } from '../../stores/job-views'
import { elapsedMs, etaMs, formatClock, timeLeftLabel } from './job-timing'
import { useNow } from './use-now'
import { useTranslation, type PageT } from '../../i18n/page-i18n'

/** `percent` is left out where a bar already shows it beside the figure (the queue). */
export function JobClock({ job, percent: showPercent = true }: { job: JobView; percent?: boolean }) {
  const { t } = useTranslation()
  const active = isActive(job)
  const now = useNow(active)
  const sample = useJobs((s) => progressOfJob(s, job.localId))
  const eta = etaMs(job, sample, now)
  const percent = showPercent && job.status === 'PROCESSING' && job.progress !== null ? `${Math.round(job.progress)}%` : null
  return (
    <span className="job-clock" data-testid="job-clock">
      {percent ? <span data-testid="result-percent">{percent}</span> : null}
      <span data-testid="result-elapsed">{active ? t('queue:jobs.clock.elapsed', { clock: formatClock(elapsedMs(job, now)) }) : finishedIn(t, elapsedMs(job, now))}</span>
      {active ? (
        <span data-testid="result-eta">{timeLeftLabel(eta, job.progress)}</span>
      ) : null}
    </span>
  )
}

// "0:00 in all" reads like nothing happened; a job that quick says so in words.
function finishedIn(t: PageT, ms: number): string {
  return ms < 1000 ? t('queue:jobs.clock.underASecond') : t('queue:jobs.clock.inAll', { clock: formatClock(ms) })
}
