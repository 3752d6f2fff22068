// One job of this session on Create: its progress while it runs, then its outputs. In a
// group of several (a batch, a wildcard prompt) it is one tile of the group's grid: the
// group says the prompt and model once, and acts on the tile picked (ResultGroup).
import { isActive } from '../../../shared/app/job-state'
import type { JobView } from '../../../shared/app/views'
import { formatCredits } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { useJobs } from '../../stores/jobs'
import { ProgressBar } from '../../ui/ProgressBar'
import { StatusChip } from '../../ui/StatusChip'
import { displayStatus, progressOf, savingState, statusLabel, STATUS_TONE } from '../jobs/job-status'
import { refundOf } from '../jobs/refund'
import { useLostReason } from '../jobs/use-lost-reason'
import { primaryFile } from '../entries/entry-media'
import { canCompare, SourceCompare } from './SourceCompare'
import { JobClock } from '../jobs/JobClock'
import { ResultActions } from './ResultActions'
import { ResultMedia } from './ResultMedia'
import { SeedFact } from './SeedFact'
import { useResultEntry } from './use-result-entry'

interface ResultCardProps {
  job: JobView
  /** A tile of a group: no prompt or model of its own, and its actions on the group's bar. */
  tile?: { position: number; count: number; picked: boolean; onPick(): void }
}

export function ResultCard({ job, tile }: ResultCardProps) {
  const { t } = useTranslation()
  const status = displayStatus(job)
  const active = isActive(job)
  const entry = useResultEntry(job)
  const saving = savingState(job, useLostReason(job))
  const forget = useJobs((s) => s.forgetSent)
  const refund = refundOf(job)
  // A tool's result compares with the image it was made from.
  const compared = entry ? primaryFile(entry) : undefined

  const facts = (
    <div className="result-facts">
      <JobClock job={job} />
      <SeedFact request={job.request} />
      {job.error ? <span className="text-danger">{job.error}</span> : null}
      {refund !== null ? <span className="muted" data-testid="result-refund">{t('results:card.refunded', { credits: formatCredits(refund) })}</span> : null}
      {!active && saving && job.saved !== 'saved' ? <span className={`text-${saving.tone}`}>{saving.text}</span> : null}
    </div>
  )

  return (
    <li className={`result${tile ? ' is-tile' : ''}${tile?.picked ? ' is-picked' : ''}`} data-testid="result" data-local-id={job.localId} data-status={status}>
      <div className="result-head">
        {tile ? (
          <button type="button" className="result-pick" aria-pressed={tile.picked} onClick={tile.onPick} data-testid="result-pick">
            {t('results:group.pick', { position: tile.position, count: tile.count })}
          </button>
        ) : null}
        {/* A tile's picture says it is done; its chip stays for every other state. */}
        {tile && status === 'COMPLETED' ? null : <StatusChip label={statusLabel(status)} tone={STATUS_TONE[status]} live={active} />}
        {tile ? facts : <span className="result-model" translate="no">{job.model}</span>}
        <button type="button" className="icon-btn" aria-label={t('results:card.hide')} onClick={() => forget(job.localId)}>
          ×
        </button>
      </div>
      {job.prompt && !tile ? <p className="result-prompt" title={job.prompt} translate="no">{job.prompt}</p> : null}
      {active ? <ProgressBar value={status === 'PROCESSING' ? progressOf(job) : null} label={t('results:card.progress', { model: job.model })} size="sm" /> : null}
      {tile ? null : facts}
      {entry ? <ResultMedia entry={entry} /> : status === 'COMPLETED' ? <div className="result-missing"><span className="spinner" aria-hidden="true" /> {t('results:card.saving')}</div> : null}
      {entry && canCompare(entry, compared) ? <SourceCompare entry={entry} file={compared} className="result-compare" /> : null}
      {!tile && !active && status !== 'REJECTED' ? <ResultActions job={job} entry={entry} /> : null}
    </li>
  )
}
