// Create's matrix runs, newest first, each as its grid; they come back after a reload.
import { useMatrixRuns } from '../../../stores/matrix-runs'
import { MatrixGrid } from '../../../components/matrix/MatrixGrid'

export function MatrixRuns() {
  const runs = useMatrixRuns((s) => s.runs)
  if (runs.length === 0) return null
  return (
    <div className="matrix-runs" data-testid="matrix-runs">
      {runs.map((r) => (
        <MatrixGrid key={r.id} runId={r.id} onRemove={() => useMatrixRuns.getState().remove(r.id)} />
      ))}
    </div>
  )
}
