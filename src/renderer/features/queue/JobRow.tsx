// One job in the queue: a check box for bulk actions, a picture of its first output,
// status, progress, what it is, what it cost, where its outputs stand, and the actions
// its state allows. Placed by the virtualized list (`index`, `style`), which measures its
// height through `measureRef`.
import type { CSSProperties, Ref } from 'react'
import type { JobView } from '../../../shared/app/views'
import { call } from '../../api/client'
import { formatCredits } from '../../format/numbers'
import { formatRelative } from '../../format/dates'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { ProgressBar } from '../../ui/ProgressBar'
import { StatusChip } from '../../ui/StatusChip'
import { isActive } from '../../../shared/app/job-state'
import { displayStatus, progressOf, savingState, statusLabel, STATUS_TONE } from '../../components/jobs/job-status'
import { chargeOf, refundOf } from '../../components/jobs/refund'
import { useLostReason } from '../../components/jobs/use-lost-reason'
import { JobClock } from '../../components/jobs/JobClock'
import { JobActions } from './JobActions'
import { JobThumb } from './JobThumb'
import { t } from '../../i18n/page-i18n'

interface JobRowProps {
  job: JobView
  selected: boolean
  /** `shift`: extend the selection from the last row clicked. */
  onSelect(shift: boolean): void
  index: number
  style: CSSProperties
  measureRef: Ref<HTMLLIElement>
}

export function JobRow({ job, selected, onSelect, index, style, measureRef }: JobRowProps) {
  const status = displayStatus(job)
  return (
    <li
      ref={measureRef}
      style={style}
      data-index={index}
      className={`job-row status-${status.toLowerCase()}${selected ? ' is-selected' : ''}`}
      data-testid="job-row"
      data-status={status}
      data-local-id={job.localId}
      data-job-id={job.jobId ?? undefined}
    >
      <input
        type="checkbox"
        className="job-check"
        checked={selected}
        aria-label={job.prompt ? t('queue:row.selectWithPrompt', { model: job.model, prompt: job.prompt.slice(0, 60) }) : t('queue:row.select', { model: job.model })}
        data-testid="job-select"
        // Handled on click rather than change, which does not see the shift key.
        onClick={(e) => onSelect(e.shiftKey)}
        onChange={() => undefined}
      />
      <JobThumb job={job} />
      <div className="job-status">
        <StatusChip label={statusLabel(status)} tone={STATUS_TONE[status]} live={isActive(job)} testId="job-status" />
        <span className="job-time" title={job.createdAt}>
          {formatRelative(job.createdAt)}
        </span>
      </div>
      <JobDetails job={job} />
      <JobCost job={job} />
      <JobActions job={job} />
    </li>
  )
}

async function retrySavingNow(): Promise<void> {
  const r = await call('saving.retryNow', {})
  if (!r.ok) toast.error(r.error.message)
}

function JobDetails({ job }: { job: JobView }) {
  const status = displayStatus(job)
  const saving = savingState(job, useLostReason(job))
  const progress = progressOf(job)
  return (
    <div className="job-main">
      <div className="job-title">
        <span className="job-model" translate="no">{job.model}</span>
        <span className="tag">{job.kind}</span>
        {job.origin === 'elsewhere' ? (
          <span className="tag tag-info" title={t('queue:row.elsewhereHint')}>
            {t('queue:row.elsewhere')}
          </span>
        ) : null}
      </div>
      <div className="job-prompt" title={job.prompt ?? undefined} translate="no">
        {job.prompt ?? <span className="muted">{t('queue:row.noPrompt')}</span>}
      </div>
      {isActive(job) ? (
        <div className="job-progress">
          <ProgressBar value={status === 'PROCESSING' ? progress : null} label={t('queue:row.progress', { model: job.model })} />
          {/* The bar alone is hard to read when progress moves slowly. */}
          {status === 'PROCESSING' && progress !== null ? <span className="job-progress-value" data-testid="job-progress">{t('queue:row.percent', { percent: Math.round(progress) })}</span> : null}
        </div>
      ) : null}
      {job.submission === 'accepted' ? <JobClock job={job} percent={false} /> : null}
      {job.error ? (
        <div className="job-error" data-testid="job-error">
          {job.error}
        </div>
      ) : null}
      {saving ? (
        <div className={`job-saving text-${saving.tone}`} data-testid="job-saving" data-saved={job.saved}>
          {saving.text}
          {job.saveWaiting ? (
            <Button size="sm" variant="ghost" onClick={() => void retrySavingNow()} data-testid="job-save-retry">
              {t('queue:row.retryNow')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

function JobCost({ job }: { job: JobView }) {
  const refund = refundOf(job)
  const charge = chargeOf(job)
  return (
    <div className="job-cost">
      {refund !== null ? (
        <span title={t('queue:row.refundHint')}>
          <s>{formatCredits(refund)}</s>
          <span className="job-refund" data-testid="job-refund">{t('queue:row.refunded', { credits: formatCredits(refund) })}</span>
        </span>
      ) : charge === null ? (
        <span className="muted">—</span>
      ) : (
        <span data-testid="job-charge">{formatCredits(charge)}</span>
      )}
    </div>
  )
}
