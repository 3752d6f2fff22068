// The Queue's team view: every job of the team over the last 30 days, as the service
// lists them to an admin or owner. Read-only: cancel and retry belong to whoever sent them.
import { useEffect, useMemo } from 'react'
import { formatDateTime } from '../../format/dates'
import { useJobs } from '../../stores/jobs'
import { teamJobs } from '../../stores/job-views'
import { Button } from '../../ui/Button'
import { StatusChip } from '../../ui/StatusChip'
import { STATUS_LABEL, STATUS_TONE } from '../../components/jobs/job-status'

export function TeamJobList() {
  const team = useJobs((s) => s.team)
  const jobs = useMemo(() => teamJobs({ team }), [team])
  const loading = useJobs((s) => s.teamLoading)
  const error = useJobs((s) => s.teamError)
  const load = useJobs((s) => s.loadTeam)
  useEffect(() => {
    void useJobs.getState().loadTeam()
  }, [])
  return (
    <section className="card" aria-labelledby="team-jobs-title" aria-busy={loading || undefined}>
      <div className="team-jobs-head">
        <h2 className="card-title" id="team-jobs-title">
          The team’s jobs, last 30 days{jobs ? ` (${jobs.length})` : ''}
        </h2>
        <Button size="sm" busy={loading} onClick={() => void load()} data-testid="team-jobs-refresh">
          Refresh
        </Button>
      </div>
      {error ? (
        <p className="notice notice-danger" role="alert">
          Could not list the team’s jobs: {error}
        </p>
      ) : null}
      {jobs && jobs.length === 0 ? <p className="muted">The team has no jobs in the last 30 days.</p> : null}
      {jobs && jobs.length > 0 ? (
        <table className="data-table" data-testid="team-jobs">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Model</th>
              <th scope="col">Status</th>
              <th scope="col">Credits</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.jobId} data-testid="team-job">
                <th scope="row">{formatDateTime(j.createdAt)}</th>
                <td>{j.model}</td>
                <td>
                  <StatusChip label={j.status === 'PROCESSING' && j.progress !== null ? `${STATUS_LABEL[j.status]} ${j.progress}%` : STATUS_LABEL[j.status]} tone={STATUS_TONE[j.status]} />
                </td>
                <td>{j.creditCost ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
