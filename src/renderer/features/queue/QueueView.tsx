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

type Filter = QueueFilter
type Scope = 'mine' | 'team'

const SCOPES: { value: Scope; label: string; testId: string }[] = [
  { value: 'mine', label: 'My jobs', testId: 'queue-scope-mine' },
  { value: 'team', label: "Team's jobs", testId: 'queue-scope-team' }
]

const FILTERS: { value: Filter; label: string; testId: string }[] = [
  { value: 'all', label: 'All', testId: 'queue-filter-all' },
  { value: 'active', label: 'Active', testId: 'queue-filter-active' },
  { value: 'done', label: 'Completed', testId: 'queue-filter-done' },
  { value: 'problems', label: 'Failed', testId: 'queue-filter-problems' }
]

const EMPTY_FILTER_HINT: Record<Filter, string> = {
  all: '',
  active: 'No job is running or waiting right now.',
  done: 'No job has completed yet.',
  problems: 'No failed, cancelled or unsaved jobs.'
}

export function QueueView() {
  const seesTeam = useApp((s) => canSeeTeam(s.me?.user.role))
  const [scope, setScope] = useState<Scope>('mine')
  const switcher = seesTeam ? <Tabs<Scope> label="Whose jobs" value={scope} onChange={setScope} options={SCOPES} /> : null
  if (seesTeam && scope === 'team') {
    return (
      <div className="view-inner queue-view">
        <header className="view-head">
          <div>
            <h1 className="view-title">Queue</h1>
            <p className="view-sub">Every job of the team, as the service lists it.</p>
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
          <h1 className="view-title">Queue</h1>
          <p className="view-sub">
            {jobs.length} job{jobs.length === 1 ? '' : 's'}
            {activeCount > 0 ? ` · ${activeCount} in progress` : ''}
            {narrowed && jobs.length > 0 ? ` · ${shown.length} shown` : ''}
          </p>
        </div>
        <div className="view-actions">
          {switcher}
          <Tabs<Filter> label="Filter jobs" value={filter} onChange={setFilter} options={FILTERS} />
        </div>
      </header>
      {error ? <p className="notice notice-danger">Could not load the jobs: {error}</p> : null}
      {jobs.length > 0 ? <QueueToolbar query={query} onQuery={setQuery} shownCount={shown.length} selection={selection} /> : null}
      {loaded && shown.length === 0 ? (
        <EmptyState
          icon={icons.queue}
          title={jobs.length === 0 ? 'No jobs yet' : 'Nothing matches this filter'}
          action={
            jobs.length === 0 ? (
              <Button variant="primary" onClick={() => go('create')}>
                Create something
              </Button>
            ) : (
              <Button
                onClick={() => {
                  setFilter('all')
                  setQuery('')
                }}
                data-testid="queue-show-all"
              >
                Show all {jobs.length} job{jobs.length === 1 ? '' : 's'}
              </Button>
            )
          }
        >
          {jobs.length === 0 ? 'Jobs you submit appear here with live progress.' : query.trim() ? `No job matches “${query.trim()}”.` : EMPTY_FILTER_HINT[filter]}
        </EmptyState>
      ) : (
        <QueueList jobs={shown} selection={selection} />
      )}
    </div>
  )
}
