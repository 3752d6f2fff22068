// Queue: every job the app knows of, live, with a filter by where it stands.
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
import { displayStatus } from './job-status'
import { JobRow } from './JobRow'
import { TeamJobList } from './TeamJobList'

type Filter = 'all' | 'active' | 'done' | 'problems'
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
      <div className="view-inner">
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

  const jobs = useMemo(() => sortJobs(byId), [byId])
  const shown = jobs.filter((j) => {
    const s = displayStatus(j)
    if (filter === 'active') return isActive(j)
    if (filter === 'done') return s === 'COMPLETED'
    if (filter === 'problems') return s === 'FAILED' || s === 'REJECTED' || s === 'CANCELLED' || j.saved === 'partial' || j.saved === 'lost'
    return true
  })
  const activeCount = jobs.filter(isActive).length

  return (
    <div className="view-inner">
      <header className="view-head">
        <div>
          <h1 className="view-title">Queue</h1>
          <p className="view-sub">
            {jobs.length} job{jobs.length === 1 ? '' : 's'}
            {activeCount > 0 ? ` · ${activeCount} in progress` : ''}
          </p>
        </div>
        <div className="view-actions">
          {switcher}
          <Tabs<Filter> label="Filter jobs" value={filter} onChange={setFilter} options={FILTERS} />
        </div>
      </header>
      {error ? <p className="notice notice-danger">Could not load the jobs: {error}</p> : null}
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
              <Button onClick={() => setFilter('all')} data-testid="queue-show-all">
                Show all {jobs.length} job{jobs.length === 1 ? '' : 's'}
              </Button>
            )
          }
        >
          {jobs.length === 0 ? 'Jobs you submit appear here with live progress.' : EMPTY_FILTER_HINT[filter]}
        </EmptyState>
      ) : (
        <ul className="job-list" data-testid="job-list">
          {shown.map((j) => (
            <JobRow key={j.localId} job={j} />
          ))}
        </ul>
      )}
    </div>
  )
}
