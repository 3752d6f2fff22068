// Create's results: each job sent from this window, newest first, running or done.
import type { JobView } from '../../../shared/app/views'
import { useJobs } from '../../stores/jobs'
import { useShallow } from 'zustand/react/shallow'
import { sentJobs } from '../../stores/job-views'
import { ResultCard } from './ResultCard'

export function ResultsArea({ kinds }: { kinds: readonly JobView['kind'][] }) {
  const jobs = useJobs(useShallow((s) => sentJobs(s, kinds)))
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
