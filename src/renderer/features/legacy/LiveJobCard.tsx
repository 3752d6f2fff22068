// A compact progress card for a job just submitted from this window; once its video is
// saved, it plays in place.
import { useJobs } from '../../stores/jobs'
import { useNavigation } from '../../stores/navigation'
import { useShallow } from 'zustand/react/shallow'
import { sentJobs } from '../../stores/job-views'
import { ProgressBar } from '../../ui/ProgressBar'
import { StatusChip } from '../../ui/StatusChip'
import { isActive } from '../../../shared/app/job-state'
import { displayStatus, progressOf, savingState, statusLabel, STATUS_TONE } from '../../components/jobs/job-status'
import { useLostReason } from '../../components/jobs/use-lost-reason'
import type { JobView } from '../../../shared/app/views'
import { ResultMedia } from '../../components/results/ResultMedia'
import { useTranslation } from '../../i18n/page-i18n'
import { useResultEntry } from '../../components/results/use-result-entry'

function LiveJobCard({ job }: { job: JobView }) {
  const { t } = useTranslation()
  const go = useNavigation((s) => s.go)
  const forget = useJobs((s) => s.forgetSent)
  const status = displayStatus(job)
  const saving = savingState(job, useLostReason(job))
  const progress = progressOf(job)
  const entry = useResultEntry(job)
  return (
    <li className="live-job" data-testid="live-job" data-local-id={job.localId} data-status={status}>
      <div className="live-job-head">
        <StatusChip label={statusLabel(status)} tone={STATUS_TONE[status]} live={isActive(job)} />
        <span className="live-job-model" translate="no">{job.model}</span>
        <button type="button" className="icon-btn" aria-label={t('legacy:live.hide')} onClick={() => forget(job.localId)}>
          ×
        </button>
      </div>
      {job.prompt ? <div className="live-job-prompt" title={job.prompt} translate="no">{job.prompt}</div> : null}
      {isActive(job) ? (
        <ProgressBar value={status === 'PROCESSING' ? progress : null} label={t('legacy:live.progress', { model: job.model })} size="sm" />
      ) : null}
      {entry && entry.files.length > 0 ? (
        <div className="live-job-media" data-testid="live-job-media">
          <ResultMedia entry={entry} />
        </div>
      ) : null}
      <div className="live-job-foot">
        {job.error ? <span className="text-danger">{job.error}</span> : saving ? <span className={`text-${saving.tone}`}>{saving.text}</span> : <span className="muted">{status === 'PROCESSING' && progress !== null ? t('legacy:live.percent', { percent: progress }) : ' '}</span>}
        {job.saved === 'saved' || job.saved === 'partial' ? (
          <button type="button" className="link-btn" onClick={() => job.jobId && useNavigation.getState().openInGallery(job.jobId)}>
            {t('legacy:live.openInGallery')}
          </button>
        ) : (
          <button type="button" className="link-btn" onClick={() => go('queue')}>
            {t('legacy:live.queue')}
          </button>
        )}
      </div>
    </li>
  )
}

/** The jobs of the given kinds submitted from this window (each view shows its own). */
export function LiveJobs({ kinds }: { kinds: readonly JobView['kind'][] }) {
  const { t } = useTranslation()
  const jobs = useJobs(useShallow((s) => sentJobs(s, kinds)))
  if (jobs.length === 0) return null
  return (
    <section className="card live-jobs" aria-label={t('legacy:live.title')}>
      <h3 className="card-title">{t('legacy:live.title')}</h3>
      <ul className="live-job-list">
        {jobs.map((j) => (
          <LiveJobCard key={j.localId} job={j} />
        ))}
      </ul>
    </section>
  )
}
