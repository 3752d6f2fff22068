// Queue: every job the app knows of, live, with a filter by where it stands, a search,
// and bulk actions over the selected ones; the list is virtualized.
import { useMemo, useState, type ReactNode } from 'react'
import { useJobs } from '../../stores/jobs'
import { sortJobs } from '../../stores/job-views'
import { useNavigation } from '../../stores/navigation'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { icons } from '../../ui/icons'
import { Tabs } from '../../ui/Tabs'
import { isActive } from '../../../shared/app/job-state'
import { canSeeTeam } from '../../../shared/app/team'
import { useApp } from '../../stores/app'
import { shownJobs, type QueueFilter } from './queue-filter'
import { QueueList } from './QueueList'
import { QueueToolbar } from './QueueToolbar'
import { TeamJobList } from './TeamJobList'
import { useQueueSelection } from './use-queue-selection'
import { useTranslation } from '../../i18n/page-i18n'

type Filter = QueueFilter
type Scope = 'mine' | 'team'

const SCOPES = [
  { value: 'mine', label: 'queue:scope.mine', testId: 'queue-scope-mine' },
  { value: 'team', label: 'queue:scope.team', testId: 'queue-scope-team' }
] as const satisfies readonly { value: Scope; label: string; testId: string }[]

const FILTERS = [
  { value: 'all', label: 'queue:filter.all', testId: 'queue-filter-all' },
  { value: 'active', label: 'queue:filter.active', testId: 'queue-filter-active' },
  { value: 'done', label: 'queue:filter.done', testId: 'queue-filter-done' },
  { value: 'problems', label: 'queue:filter.problems', testId: 'queue-filter-problems' }
] as const satisfies readonly { value: Filter; label: string; testId: string }[]

/** What an empty filter says (`all` empty is the queue with no jobs, said apart). */
const EMPTY_FILTER_HINT = {
  all: 'queue:empty.noMatch',
  active: 'queue:empty.active',
  done: 'queue:empty.done',
  problems: 'queue:empty.problems'
} as const satisfies Record<Filter, string>

export function QueueView() {
  const { t } = useTranslation()
  const seesTeam = useApp((s) => canSeeTeam(s.me?.user.role))
  const [scope, setScope] = useState<Scope>('mine')
  const switcher = seesTeam ? <Tabs<Scope> label={t('queue:scope.label')} value={scope} onChange={setScope} options={SCOPES.map((s) => ({ ...s, label: t(s.label) }))} /> : null
  if (seesTeam && scope === 'team') {
    return (
      <div className="view-inner queue-view">
        <header className="view-head">
          <div>
            <h1 className="view-title">{t('queue:title')}</h1>
            <p className="view-sub">{t('queue:team.subtitle')}</p>
          </div>
          {switcher}
        </header>
        <TeamJobList />
      </div>
    )
  }
  return <MyJobs switcher={switcher} />
}

function MyJobs({ switcher }: { switcher: ReactNode }) {
  const { t } = useTranslation()
  const byId = useJobs((s) => s.byId)
  const loaded = useJobs((s) => s.loaded)
  const error = useJobs((s) => s.error)
  const go = useNavigation((s) => s.go)
  const [filter, setFilter] = useState<Filter>('all')
  const [query, setQuery] = useState('')

  const jobs = useMemo(() => sortJobs(byId), [byId])
  const shown = useMemo(() => shownJobs(jobs, filter, query), [jobs, filter, query])
  const selection = useQueueSelection(shown)
  const activeCount = jobs.filter(isActive).length
  const narrowed = filter !== 'all' || query.trim() !== ''

  return (
    <div className="view-inner queue-view">
      <header className="view-head">
        <div>
          <h1 className="view-title">{t('queue:title')}</h1>
          <p className="view-sub">{t('queue:summary', { jobs: jobs.length, active: activeCount, shown: narrowed && jobs.length > 0 ? 'some' : 'all', shownCount: shown.length })}</p>
        </div>
        <div className="view-actions">
          {switcher}
          <Tabs<Filter> label={t('queue:filter.label')} value={filter} onChange={setFilter} options={FILTERS.map((f) => ({ ...f, label: t(f.label) }))} />
        </div>
      </header>
      {error ? <p className="notice notice-danger">{t('queue:loadFailed', { reason: error })}</p> : null}
      {jobs.length > 0 ? <QueueToolbar query={query} onQuery={setQuery} shownCount={shown.length} selection={selection} /> : null}
      {loaded && shown.length === 0 ? (
        <EmptyState
          icon={icons.queue}
          title={jobs.length === 0 ? t('queue:empty.none') : t('queue:empty.noMatch')}
          action={
            jobs.length === 0 ? (
              <Button variant="primary" onClick={() => go('create')}>
                {t('queue:empty.create')}
              </Button>
            ) : (
              <Button
                onClick={() => {
                  setFilter('all')
                  setQuery('')
                }}
                data-testid="queue-show-all"
              >
                {t('queue:empty.showAll', { count: jobs.length })}
              </Button>
            )
          }
        >
          {jobs.length === 0 ? t('queue:empty.noneHint') : query.trim() ? t('queue:empty.noMatchQuery', { query: query.trim() }) : filter === 'all' ? '' : t(EMPTY_FILTER_HINT[filter])}
        </EmptyState>
      ) : (
        <QueueList jobs={shown} selection={selection} />
      )}
    </div>
  )
}
