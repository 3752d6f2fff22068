// Create's results: each job sent from this window, newest first, running or done.
import type { JobView } from '../../../shared/app/views'
import { useJobs } from '../../stores/jobs'
import { useSessionJobs } from '../../stores/session-jobs'
import { ResultCard } from './ResultCard'

export function ResultsArea({ kinds }: { kinds: readonly JobView['kind'][] }) {
  const recent = useSessionJobs((s) => s.recent)
  const byId = useJobs((s) => s.byId)
  const jobs = recent.map((id) => byId[id]).filter((j): j is JobView => j !== undefined && kinds.includes(j.kind))
  if (jobs.length === 0) return null
  return (
    <section className="results" aria-label="Results" data-testid="results">
      <ol className="result-list">
        {jobs.map((j) => (
          <ResultCard key={j.localId} job={j} />
        ))}
      </ol>
    </section>
  )
}
