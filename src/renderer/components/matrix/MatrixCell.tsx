// One cell of a matrix run: why it was not sent, its progress while it runs, then its
// output (image, or a player for video and music) with what it cost. A finished cell can
// be picked for Compare.
import { useEffect } from 'react'
import { entryFor, useLibrary } from '../../stores/library'
import { isActive } from '../../../shared/app/job-state'
import type { JobView, LibraryEntry } from '../../../shared/app/views'
import { formatCredits } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { useJobs } from '../../stores/jobs'
import type { MatrixRunCell } from '../../stores/matrix-runs'
import { AudioPlayer } from '../../ui/AudioPlayer'
import { ProgressBar } from '../../ui/ProgressBar'
import { StatusChip } from '../../ui/StatusChip'
import { entryTitle, fileUrl, primaryFile } from '../entries/entry-media'
import { displayStatus, progressOf, statusLabel, STATUS_TONE } from '../jobs/job-status'

function useEntry(job: JobView | undefined): LibraryEntry | null {
  const jobId = job?.jobId ?? null
  const entry = useLibrary((s) => (jobId ? entryFor(s, jobId) : undefined))
  const status = job?.status
  const saved = job?.saved
  // Each change of saving state fetches the entry again; library events keep it current.
  useEffect(() => {
    if (jobId && status === 'COMPLETED' && saved !== 'none') void useLibrary.getState().fetchEntry(jobId)
  }, [jobId, status, saved])
  return entry ?? null
}

function CellOutput({ entry }: { entry: LibraryEntry }) {
  const { t } = useTranslation()
  const file = primaryFile(entry)
  const src = file ? fileUrl(file) : null
  const alt = entryTitle(entry)
  if (!file || !src) {
    return (
      <div className="matrix-cell-note">
        <span className="spinner" aria-hidden="true" /> {file?.state === 'lost' ? (file.lostReason ?? t('results:media.lost')) : t('results:card.saving')}
      </div>
    )
  }
  if (file.role === 'video' || file.mime?.startsWith('video/')) {
    // eslint-disable-next-line jsx-a11y/media-has-caption -- generated media comes with no captions to offer; its prompt names it (aria-label)
    return <video className="matrix-media" data-testid="matrix-output" src={src} controls preload="metadata" aria-label={alt} />
  }
  if (file.role === 'track' || file.mime?.startsWith('audio/')) {
    return <AudioPlayer className="matrix-audio" data-testid="matrix-output" src={src} knownSeconds={file.durationSeconds} label={alt} />
  }
  return <img className="matrix-media" data-testid="matrix-output" src={src} alt={alt} width={file.width ?? undefined} height={file.height ?? undefined} />
}

interface Props {
  cell: MatrixRunCell
  label: string
  selected: boolean
  /** False once the most Compare takes are picked: the box stays, unticked and disabled. */
  pickable: boolean
  onToggle(jobId: string): void
}

export function MatrixCell({ cell, label, selected, pickable, onToggle }: Props) {
  const { t } = useTranslation()
  const job = useJobs((s) => (cell.localId ? s.byId[cell.localId] : undefined))
  const entry = useEntry(job)

  if (cell.state !== 'sent' || !job) {
    const note = cell.state === 'sending' ? t('matrix:cell.sending') : cell.state === 'sent' ? t('matrix:cell.gone') : (cell.error ?? t('matrix:cell.notSent'))
    return (
      <div className="matrix-cell" data-testid="matrix-cell" data-state={cell.state}>
        <div className={`matrix-cell-note${cell.state === 'sending' ? '' : ' text-danger'}`}>
          {cell.state === 'sending' ? <span className="spinner" aria-hidden="true" /> : null} {note}
        </div>
      </div>
    )
  }

  const status = displayStatus(job)
  const active = isActive(job)
  const cost = job.creditCost ?? cell.credits
  const percent = status === 'PROCESSING' ? progressOf(job) : null
  // Only a cell with a saved output can be compared.
  const canPick = entry !== null && job.jobId !== null
  return (
    <div className={`matrix-cell${selected ? ' is-selected' : ''}`} data-testid="matrix-cell" data-state={status.toLowerCase()} data-job-id={job.jobId ?? undefined}>
      <div className="matrix-cell-head">
        {canPick ? (
          <input
            type="checkbox"
            className="matrix-pick"
            checked={selected}
            disabled={!selected && !pickable}
            onChange={() => onToggle(job.jobId!)}
            aria-label={t('matrix:cell.pick', { label })}
            data-testid="matrix-pick"
          />
        ) : null}
        <StatusChip label={statusLabel(status)} tone={STATUS_TONE[status]} live={active} />
        {cost !== null ? (
          <span className="matrix-cost" data-testid="matrix-cell-cost">
            {job.creditCost === null ? '~' : ''}
            {formatCredits(cost)}
          </span>
        ) : null}
      </div>
      {active ? <ProgressBar value={percent} label={t('results:card.progress', { model: label })} size="sm" /> : null}
      {active && percent !== null ? (
        <span className="matrix-cell-note muted" data-testid="matrix-cell-percent">
          {Math.round(percent)}%
        </span>
      ) : null}
      {job.error && !active ? <p className="matrix-cell-note text-danger">{job.error}</p> : null}
      {entry ? <CellOutput entry={entry} /> : status === 'COMPLETED' ? <div className="matrix-cell-note"><span className="spinner" aria-hidden="true" /> {t('results:card.saving')}</div> : null}
    </div>
  )
}
