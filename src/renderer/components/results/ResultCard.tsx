// One job of this session on Create: its progress while it runs, then its outputs.
import { isActive } from '../../../shared/app/job-state'
import type { JobView } from '../../../shared/app/views'
import { formatCredits } from '../../format/numbers'
import { useJobs } from '../../stores/jobs'
import { ProgressBar } from '../../ui/ProgressBar'
import { StatusChip } from '../../ui/StatusChip'
import { displayStatus, progressOf, savingState, STATUS_LABEL, STATUS_TONE } from '../jobs/job-status'
import { refundOf } from '../jobs/refund'
import { useLostReason } from '../jobs/use-lost-reason'
import { primaryFile } from '../entries/entry-media'
import { canCompare, SourceCompare } from './SourceCompare'
import { JobClock } from '../jobs/JobClock'
import { ResultActions } from './ResultActions'
import { ResultMedia } from './ResultMedia'
import { SeedFact } from './SeedFact'
import { useResultEntry } from './use-result-entry'

export function ResultCard({ job }: { job: JobView }) {
  const status = displayStatus(job)
  const active = isActive(job)
  const entry = useResultEntry(job)
  const saving = savingState(job, useLostReason(job))
  const forget = useJobs((s) => s.forgetSent)
  const refund = refundOf(job)
  // A tool's result compares with the image it was made from.
  const compared = entry ? primaryFile(entry) : undefined

  return (
    <li className="result" data-testid="result" data-local-id={job.localId} data-status={status}>
      <div className="result-head">
        <StatusChip label={STATUS_LABEL[status]} tone={STATUS_TONE[status]} live={active} />
        <span className="result-model">{job.model}</span>
        <button type="button" className="icon-btn" aria-label="Hide this result" onClick={() => forget(job.localId)}>
          ×
        </button>
      </div>
      {job.prompt ? <p className="result-prompt" title={job.prompt}>{job.prompt}</p> : null}
      {active ? <ProgressBar value={status === 'PROCESSING' ? progressOf(job) : null} label={`Progress of ${job.model}`} size="sm" /> : null}
      <div className="result-facts">
        <JobClock job={job} />
        <SeedFact request={job.request} />
        {job.error ? <span className="text-danger">{job.error}</span> : null}
        {refund !== null ? <span className="muted" data-testid="result-refund">refunded {formatCredits(refund)}</span> : null}
        {!active && saving && job.saved !== 'saved' ? <span className={`text-${saving.tone}`}>{saving.text}</span> : null}
      </div>
      {entry ? <ResultMedia entry={entry} /> : status === 'COMPLETED' ? <div className="result-missing"><span className="spinner" aria-hidden="true" /> Saving…</div> : null}
      {entry && canCompare(entry, compared) ? <SourceCompare entry={entry} file={compared} className="result-compare" /> : null}
      {!active && status !== 'REJECTED' ? <ResultActions job={job} entry={entry} /> : null}
    </li>
  )
}
