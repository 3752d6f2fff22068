// The buttons one Queue row offers, as its job's state allows: open its outputs in the
// gallery, cancel, retry, dismiss.
import { useState } from 'react'
import type { JobView } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useJobs } from '../../stores/jobs'
import { useNavigation } from '../../stores/navigation'
import { callAskingFirst } from '../../stores/spend-limits'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { canCancel, canDismiss, canRetry } from '../../components/jobs/job-status'

type Action = 'cancel' | 'retry' | 'dismiss'

export function JobActions({ job }: { job: JobView }) {
  const [busy, setBusy] = useState<Action | null>(null)
  const openInGallery = useNavigation((s) => s.openInGallery)
  const hasOutputs = job.saved === 'saved' || job.saved === 'partial'

  const act = async (action: Action) => {
    setBusy(action)
    const route = action === 'cancel' ? 'jobs.cancel' : action === 'retry' ? 'jobs.retry' : 'jobs.dismiss'
    const r = action === 'retry' ? await callAskingFirst('jobs.retry', { localId: job.localId }) : await call(route, { localId: job.localId })
    setBusy(null)
    if (!r.ok) return toast.error(r.error.message)
    if (action === 'dismiss') useJobs.getState().remove(job.localId)
    else if (r.data) useJobs.getState().upsert(r.data)
    if (action === 'retry') toast.info('Submitted again')
  }

  return (
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
  )
}
