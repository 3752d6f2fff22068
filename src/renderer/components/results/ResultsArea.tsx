// Create's results: each job sent from this window, newest first, running or done. They
// outlive a restart (the ids are kept; see jobs.ts) until "Clear results".
import { useShallow } from 'zustand/react/shallow'
import type { JobView } from '../../../shared/app/views'
import { sentJobs } from '../../stores/job-views'
import { useJobs } from '../../stores/jobs'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { ResultCard } from './ResultCard'

const UNDO_MS = 10_000
/** The Large view button, where the focus goes back when the large view closes. */
export const LARGE_VIEW_BUTTON_ID = 'results-large-view'

interface ResultsAreaProps {
  kinds: readonly JobView['kind'][]
  /** Opens the results as a grid with a big preview (Create offers it). */
  onLargeView?(): void
}

/** The session's jobs of these kinds, newest first. */
export function useSessionResults(kinds: readonly JobView['kind'][]): JobView[] {
  return useJobs(useShallow((s) => sentJobs(s, kinds)))
}

export function ResultsArea({ kinds, onLargeView }: ResultsAreaProps) {
  const jobs = useSessionResults(kinds)
  if (jobs.length === 0) return null
  const clear = () => {
    const before = useJobs.getState().sent
    useJobs.getState().forgetSentMany(jobs.map((j) => j.localId))
    toast.withAction('Results cleared; every file is still in the library', { label: 'Undo', run: () => useJobs.getState().restoreSent(before) }, UNDO_MS)
  }
  return (
    <section className="results" aria-label="Results" data-testid="results">
      <div className="results-head">
        <h2 className="results-title">Results</h2>
        {onLargeView ? (
          <Button id={LARGE_VIEW_BUTTON_ID} size="sm" variant="ghost" onClick={onLargeView} title="See these results as a grid with a big preview" data-testid="results-large-view">
            Large view
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={clear} title="Take these off the page; the files stay in the library" data-testid="results-clear">
          Clear results
        </Button>
      </div>
      <ol className="result-list">
        {jobs.map((j) => (
          <ResultCard key={j.localId} job={j} />
        ))}
      </ol>
    </section>
  )
}
