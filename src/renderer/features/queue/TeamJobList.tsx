// The Queue's team view: every job of the team over the last 30 days, as the service
// lists them to an admin or owner. Read-only: cancel and retry belong to whoever sent them.
import { useEffect, useMemo } from 'react'
import { formatDateTime } from '../../format/dates'
import { useJobs } from '../../stores/jobs'
import { teamJobs } from '../../stores/job-views'
import { Button } from '../../ui/Button'
import { StatusChip } from '../../ui/StatusChip'
import { statusLabel, STATUS_TONE } from '../../components/jobs/job-status'
import { useTranslation } from '../../i18n/page-i18n'

export function TeamJobList() {
  const { t } = useTranslation()
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
          {jobs ? t('queue:team.titleCount', { count: jobs.length }) : t('queue:team.title')}
        </h2>
        <Button size="sm" busy={loading} onClick={() => void load()} data-testid="team-jobs-refresh">
          {t('queue:team.refresh')}
        </Button>
      </div>
      {error ? (
        <p className="notice notice-danger" role="alert">
          {t('queue:team.loadFailed', { reason: error })}
        </p>
      ) : null}
      {jobs && jobs.length === 0 ? <p className="muted">{t('queue:team.none')}</p> : null}
      {jobs && jobs.length > 0 ? (
        <table className="data-table" data-testid="team-jobs">
          <thead>
            <tr>
              <th scope="col">{t('queue:team.started')}</th>
              <th scope="col">{t('queue:team.model')}</th>
              <th scope="col">{t('queue:team.status')}</th>
              <th scope="col">{t('queue:team.credits')}</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.jobId} data-testid="team-job">
                <th scope="row">{formatDateTime(j.createdAt)}</th>
                <td>{j.model}</td>
                <td>
                  <StatusChip label={j.status === 'PROCESSING' && j.progress !== null ? `${statusLabel(j.status)} ${j.progress}%` : statusLabel(j.status)} tone={STATUS_TONE[j.status]} />
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
