// Create's results: each send from this window, newest first, one group each (a batch, a
// wildcard prompt, a matrix together), running or done. They outlive a restart (the ids
// and their groups are kept; see jobs.ts) until "Clear results".
import { useShallow } from 'zustand/react/shallow'
import type { JobView } from '../../../shared/app/views'
import { useTranslation } from '../../i18n/page-i18n'
import { sentJobs } from '../../stores/job-views'
import { useJobs } from '../../stores/jobs'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { GroupList } from './GroupList'
import { ResultsEmpty } from './ResultsEmpty'
import type { GroupContext } from './ResultGroup'
import { groupSends, type SendGroup } from './send-groups'

const UNDO_MS = 10_000
/** The Large view button, where the focus goes back when the large view closes. */
export const LARGE_VIEW_BUTTON_ID = 'results-large-view'

interface ResultsAreaProps {
  kinds: readonly JobView['kind'][]
  /** Opens the results (all of them, or one group at one of its jobs) as a grid with a big preview (Create offers it). */
  onLargeView?(at?: { groupId: string; localId: string }): void
}

/** The session's jobs of these kinds, newest first. */
export function useSessionResults(kinds: readonly JobView['kind'][]): JobView[] {
  return useJobs(useShallow((s) => sentJobs(s, kinds)))
}

/** The session's sends of these kinds, newest first, each with its jobs in the order sent. */
export function useSessionGroups(kinds: readonly JobView['kind'][]): SendGroup[] {
  const jobs = useSessionResults(kinds)
  const groupOf = useJobs((s) => s.groupOf)
  return groupSends(jobs, groupOf)
}

export function ResultsArea({ kinds, onLargeView }: ResultsAreaProps) {
  const { t } = useTranslation()
  const groups = useSessionGroups(kinds)
  if (groups.length === 0) return <ResultsEmpty />
  const clear = () => {
    const before = useJobs.getState().sent
    useJobs.getState().forgetSentMany(groups.flatMap((g) => g.jobs.map((j) => j.localId)))
    toast.withAction(t('results:list.cleared'), { label: t('results:list.undo'), run: () => useJobs.getState().restoreSent(before) }, UNDO_MS)
  }
  const openGroup: GroupContext['onLargeView'] = onLargeView ? (groupId, localId) => onLargeView({ groupId, localId }) : undefined
  return (
    <section className="results" aria-label={t('results:list.title')} data-testid="results">
      <div className="results-head">
        <h2 className="results-title">{t('results:list.title')}</h2>
        {onLargeView ? (
          <Button id={LARGE_VIEW_BUTTON_ID} size="sm" variant="ghost" onClick={() => onLargeView()} title={t('results:list.largeViewTitle')} data-testid="results-large-view">
            {t('results:list.largeView')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={clear} title={t('results:list.clearTitle')} data-testid="results-clear">
          {t('results:list.clear')}
        </Button>
      </div>
      <GroupList groups={groups} onLargeView={openGroup} />
    </section>
  )
}
