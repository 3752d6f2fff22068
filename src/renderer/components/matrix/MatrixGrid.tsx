// A matrix run as a grid: rows and columns labelled (models or parameter values; seeds),
// each cell filling in as its job runs and finishes. Two to four finished cells can be
// picked and compared side by side, zoomed and panned together.
import { useState } from 'react'
import type { JobView } from '../../../shared/app/views'
import { formatCredits } from '../../format/numbers'
import { useJobs } from '../../stores/jobs'
import { useMatrixRuns, type MatrixRun } from '../../stores/matrix-runs'
import { Button } from '../../ui/Button'
import { COMPARE_MAX, CompareDialog } from '../media/CompareDialog'
import { MatrixCell } from './MatrixCell'

/** What the run's finished jobs cost, or null before any reported a cost. */
function spentOn(run: MatrixRun, byId: Record<string, JobView>): number | null {
  const costs = run.cells.flatMap((c) => (c.localId ? (byId[c.localId]?.creditCost ?? []) : []))
  return costs.length > 0 ? costs.reduce((a, b) => a + b, 0) : null
}

interface MatrixRunHeadProps {
  run: MatrixRun
  spent: number | null
  /** How many cells are picked for Compare. */
  picked: number
  onCompare(): void
  onRemove?: () => void
}

/** The run's title, its size and spending, and Compare and Remove. */
function MatrixRunHead({ run, spent, picked, onCompare, onRemove }: MatrixRunHeadProps) {
  return (
    <header className="matrix-run-head">
      <div>
        <h2 className="matrix-run-title">{run.title}</h2>
        <p className="muted matrix-run-sub">
          {run.rowLabel}: {run.rowValues.length} × {run.colLabel}: {run.colValues.length}
          {spent !== null ? ` · ${formatCredits(spent)} spent` : ''}
        </p>
      </div>
      <div className="matrix-run-actions">
        <span className="muted" data-testid="matrix-picked">
          {picked > 0 ? `${picked} picked` : 'Pick 2–4 to compare'}
        </span>
        <Button size="sm" variant="primary" disabled={picked < 2} onClick={onCompare} data-testid="matrix-compare">
          Compare
        </Button>
        {onRemove ? (
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove the grid ${run.title}`}>
            Remove
          </Button>
        ) : null}
      </div>
    </header>
  )
}

export function MatrixGrid({ runId, onRemove }: { runId: string; onRemove?: () => void }) {
  const run = useMatrixRuns((s) => s.runs.find((r) => r.id === runId))
  // Every job update re-renders the grid: cells learn their job ids (for Compare) from it.
  const byId = useJobs((s) => s.byId)
  const [picked, setPicked] = useState<string[]>([])
  // Taken when Compare is pressed, so the dialog keeps its items while the picks change.
  const [comparing, setComparing] = useState<string[] | null>(null)
  if (!run) return null
  const spent = spentOn(run, byId)

  const toggle = (jobId: string) => setPicked((p) => (p.includes(jobId) ? p.filter((id) => id !== jobId) : p.length < COMPARE_MAX ? [...p, jobId] : p))
  const cellAt = (row: number, col: number) => run.cells.find((c) => c.row === row && c.col === col)
  const labelOf = (row: number, col: number) => (run.colValues.length > 1 ? `${run.rowValues[row]} · ${run.colLabel} ${run.colValues[col]}` : (run.rowValues[row] ?? ''))
  const jobIdOf = (localId: string | null) => (localId ? (byId[localId]?.jobId ?? null) : null)

  return (
    <section className="card matrix-run" aria-label={`Matrix: ${run.title}`} data-testid="matrix-run" data-run-id={run.id}>
      <MatrixRunHead run={run} spent={spent} picked={picked.length} onCompare={() => setComparing(picked)} onRemove={onRemove} />
      <div className="matrix-scroll">
        <table className="matrix-table" data-testid="matrix-grid" data-rows={run.rowValues.length} data-cols={run.colValues.length}>
          <thead>
            <tr>
              <th scope="col" className="matrix-corner">
                {run.rowLabel} \ {run.colLabel}
              </th>
              {run.colValues.map((v, col) => (
                <th key={col} scope="col" data-testid="matrix-col-label">
                  {run.colLabel} {v}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {run.rowValues.map((rowValue, row) => (
              <tr key={row}>
                <th scope="row" data-testid="matrix-row-label">
                  {rowValue}
                </th>
                {run.colValues.map((_, col) => {
                  const cell = cellAt(row, col)
                  const jobId = jobIdOf(cell?.localId ?? null)
                  return (
                    <td key={col}>
                      {cell ? (
                        <MatrixCell
                          cell={cell}
                          label={labelOf(row, col)}
                          selected={jobId !== null && picked.includes(jobId)}
                          pickable={picked.length < COMPARE_MAX}
                          onToggle={toggle}
                        />
                      ) : null}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {comparing ? <CompareDialog jobIds={comparing} onClose={() => setComparing(null)} /> : null}
    </section>
  )
}
