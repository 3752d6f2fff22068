// One send on Create as one group: its prompt, model, seeds and what it cost, once, above
// an N-up grid of its results sized to fit the results' window; the actions act on the
// tile picked (the first at first). A send of one is its result card as it always was; a
// matrix (or a wildcard prompt's cells) is its labelled grid.
import { useState, type CSSProperties } from 'react'
import type { JobView } from '../../../shared/app/views'
import { formatCredits } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { useJobs } from '../../stores/jobs'
import { useMatrixRuns } from '../../stores/matrix-runs'
import { Button } from '../../ui/Button'
import { MatrixGrid } from '../matrix/MatrixGrid'
import { ResultActions } from './ResultActions'
import { ResultCard } from './ResultCard'
import { groupColumns, summarize, type SendGroup } from './send-groups'
import { useResultEntry } from './use-result-entry'
import { isActive } from '../../../shared/app/job-state'

/** What a group needs from the list around it. */
export interface GroupContext {
  /** The height each row of tiles may take, so a whole group fits the results' window. */
  tileHeight: number
  /** Opens the large view on this group, at one of its jobs. */
  onLargeView?(groupId: string, localId: string): void
}

function GroupActions({ job, position, count }: { job: JobView; position: number; count: number }) {
  const { t } = useTranslation()
  const entry = useResultEntry(job)
  if (isActive(job) || job.submission === 'rejected') return <p className="muted result-group-waiting">{t('results:group.actionsLater', { position, count })}</p>
  return (
    <div className="result-group-actions" data-testid="result-group-actions">
      {/* Said to a screen reader; the eye sees the picked tile's frame. */}
      <span className="result-group-target visually-hidden">{t('results:group.actionsOn', { position, count })}</span>
      <ResultActions job={job} entry={entry} />
    </div>
  )
}

function GroupHead({ group, onLargeView, picked }: { group: SendGroup; onLargeView?: GroupContext['onLargeView']; picked: JobView }) {
  const { t } = useTranslation()
  const summary = summarize(group)
  const [prompt] = summary.prompts
  const forget = () => useJobs.getState().forgetSentMany(group.jobs.map((j) => j.localId))
  return (
    <header className="result-group-head">
      <div className="result-group-what">
        <p className="result-group-prompt" title={summary.prompts.join('\n')} data-testid="result-group-prompt">
          <span translate="no">{prompt ?? t('results:group.noPrompt')}</span>
          {summary.prompts.length > 1 ? <span className="muted"> {t('results:group.morePrompts', { count: summary.prompts.length - 1 })}</span> : null}
        </p>
        <p className="result-group-facts muted" data-testid="result-group-facts">
          <span className="mono" translate="no">{summary.models.join(', ')}</span>
          {summary.seeds.length > 0 ? <span>{t('results:group.seeds', { count: summary.seeds.length, seeds: summary.seeds.join(', ') })}</span> : null}
          <span data-testid="result-group-cost">
            {summary.credits === null ? t('results:group.costPending') : summary.unpriced > 0 ? t('results:group.costSoFar', { credits: formatCredits(summary.credits) }) : t('results:group.cost', { credits: formatCredits(summary.credits) })}
          </span>
        </p>
      </div>
      {onLargeView ? (
        <Button size="sm" variant="ghost" onClick={() => onLargeView(group.id, picked.localId)} data-testid="result-group-large">
          {t('results:group.largeView')}
        </Button>
      ) : null}
      <button type="button" className="icon-btn" aria-label={t('results:group.hide', { count: group.jobs.length })} onClick={forget} data-testid="result-group-hide">
        ×
      </button>
    </header>
  )
}

function ManyResults({ group, context }: { group: SendGroup; context: GroupContext }) {
  const { t } = useTranslation()
  const [pickedId, setPickedId] = useState<string | null>(null)
  const index = Math.max(0, group.jobs.findIndex((j) => j.localId === pickedId))
  const picked = group.jobs[index]!
  const count = group.jobs.length
  const style = { '--group-columns': groupColumns(count), '--tile-height': `${context.tileHeight}px` } as CSSProperties
  return (
    <section className="result-group" aria-label={t('results:group.label', { count })} data-testid="result-group" data-count={count} data-result-scope style={style}>
      <GroupHead group={group} onLargeView={context.onLargeView} picked={picked} />
      <ol className="result-grid">
        {group.jobs.map((job, i) => (
          <ResultCard key={job.localId} job={job} tile={{ position: i + 1, count, picked: i === index, onPick: () => setPickedId(job.localId) }} />
        ))}
      </ol>
      <GroupActions key={picked.localId} job={picked} position={index + 1} count={count} />
    </section>
  )
}

export function ResultGroup({ group, context }: { group: SendGroup; context: GroupContext }) {
  const run = useMatrixRuns((s) => s.runs.some((r) => r.id === group.id))
  if (run) {
    const remove = () => {
      useJobs.getState().forgetSentMany(group.jobs.map((j) => j.localId))
      useMatrixRuns.getState().remove(group.id)
    }
    return <MatrixGrid runId={group.id} onRemove={remove} />
  }
  if (group.jobs.length === 1) {
    return (
      <ol className="result-list">
        <ResultCard job={group.jobs[0]!} />
      </ol>
    )
  }
  return <ManyResults group={group} context={context} />
}
