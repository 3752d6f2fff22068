// One job in the queue: status, progress, what it is, what it cost, where its outputs
// stand, and the actions its state allows.
import { useState } from 'react'
import type { JobView } from '../../../shared/app/views'
import { call } from '../../api/client'
import { formatCredits } from '../../format/numbers'
import { formatRelative } from '../../format/dates'
import { useJobs } from '../../stores/jobs'
import { useNavigation } from '../../stores/navigation'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { ProgressBar } from '../../ui/ProgressBar'
import { StatusChip } from '../../ui/StatusChip'
import { isActive } from '../../../shared/app/job-state'
import { canCancel, canDismiss, canRetry, displayStatus, progressOf, savingState, STATUS_LABEL, STATUS_TONE } from './job-status'
import { chargeOf, refundOf } from './refund'
import { useLostReason } from './use-lost-reason'
import { JobClock } from '../results/JobClock'

type Action = 'cancel' | 'retry' | 'dismiss'

export function JobRow({ job }: { job: JobView }) {
  const [busy, setBusy] = useState<Action | null>(null)
  const status = displayStatus(job)
  const saving = savingState(job, useLostReason(job))
  const progress = progressOf(job)
  const openInGallery = useNavigation((s) => s.openInGallery)
  const hasOutputs = job.saved === 'saved' || job.saved === 'partial'
  const refund = refundOf(job)
  const charge = chargeOf(job)

  const act = async (action: Action) => {
    setBusy(action)
    const route = action === 'cancel' ? 'jobs.cancel' : action === 'retry' ? 'jobs.retry' : 'jobs.dismiss'
    const r = await call(route, { localId: job.localId })
    setBusy(null)
    if (!r.ok) return toast.error(r.error.message)
    if (action === 'dismiss') useJobs.getState().remove(job.localId)
    else if (r.data) useJobs.getState().upsert(r.data)
    if (action === 'retry') toast.info('Submitted again')
  }

  const retrySavingNow = async () => {
    const r = await call('saving.retryNow', {})
    if (!r.ok) toast.error(r.error.message)
  }

  return (
    <li className={`job-row status-${status.toLowerCase()}`} data-testid="job-row" data-status={status} data-local-id={job.localId} data-job-id={job.jobId ?? undefined}>
      <div className="job-status">
        <StatusChip label={STATUS_LABEL[status]} tone={STATUS_TONE[status]} live={isActive(job)} testId="job-status" />
        <span className="job-time" title={job.createdAt}>
          {formatRelative(job.createdAt)}
        </span>
      </div>
      <div className="job-main">
        <div className="job-title">
          <span className="job-model">{job.model}</span>
          <span className="tag">{job.kind}</span>
          {job.origin === 'elsewhere' ? (
            <span className="tag tag-info" title="Found on the service; submitted outside this app">
              from elsewhere
            </span>
          ) : null}
        </div>
        <div className="job-prompt" title={job.prompt ?? undefined}>
          {job.prompt ?? <span className="muted">No prompt</span>}
        </div>
        {isActive(job) ? (
          <div className="job-progress">
            <ProgressBar value={status === 'PROCESSING' ? progress : null} label={`Progress of ${job.model} job`} />
            {/* The bar alone is hard to read when progress moves slowly. */}
            {status === 'PROCESSING' && progress !== null ? <span className="job-progress-value" data-testid="job-progress">{Math.round(progress)}%</span> : null}
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
                Retry now
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="job-cost">
        {refund !== null ? (
          <span title="The service refunds jobs that fail or are cancelled">
            <s>{formatCredits(refund)}</s>
            <span className="job-refund" data-testid="job-refund">refunded {formatCredits(refund)}</span>
          </span>
        ) : charge === null ? (
          <span className="muted">—</span>
        ) : (
          <span data-testid="job-charge">{formatCredits(charge)}</span>
        )}
      </div>
      <div className="job-actions">
        {hasOutputs ? (
          <Button size="sm" variant="ghost" onClick={() => job.jobId && openInGallery(job.jobId)} data-testid="job-open-gallery">
            Open in gallery
          </Button>
        ) : null}
        {canCancel(job) ? (
          <Button size="sm" variant="danger" busy={busy === 'cancel'} onClick={() => void act('cancel')} data-testid="job-cancel">
            Cancel
          </Button>
        ) : null}
        {canRetry(job) ? (
          <Button size="sm" busy={busy === 'retry'} onClick={() => void act('retry')} data-testid="job-retry">
            Retry
          </Button>
        ) : null}
        {canDismiss(job) ? (
          <Button size="sm" variant="ghost" busy={busy === 'dismiss'} onClick={() => void act('dismiss')} data-testid="job-dismiss">
            Dismiss
          </Button>
        ) : null}
      </div>
    </li>
  )
}
