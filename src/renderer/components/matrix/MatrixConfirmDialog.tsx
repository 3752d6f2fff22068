// Nothing of a matrix is sent until its whole cost has been seen: every cell priced, the
// total against the balance, and the cells that cannot be sent named with their error.
// Over the balance, sending is refused with both numbers on screen.
import { useEffect, useState } from 'react'
import { formatCredits } from '../../format/numbers'
import { useApp } from '../../stores/app'
import { estimateMatrix, type MatrixRunPlan } from '../../stores/matrix-runs'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'

type Priced = Awaited<ReturnType<typeof estimateMatrix>>

interface Props {
  plan: MatrixRunPlan
  /** Called with the plan as it will be sent: cells that could not be priced carry their error and are skipped. */
  onConfirm(plan: MatrixRunPlan): void
  onClose(): void
  busy?: boolean
}

function cellLabel(plan: MatrixRunPlan, row: number, col: number): string {
  const r = plan.rowValues[row] ?? `row ${row + 1}`
  const c = plan.colValues[col] ?? `column ${col + 1}`
  return plan.colValues.length > 1 ? `${r} · ${plan.colLabel} ${c}` : r
}

/** Why the matrix may not be sent, or null when it may. */
function refusal(priced: Priced | null, credits: number | null): string | null {
  if (!priced) return null
  if (priced.total === null) return 'No cell of this matrix can be sent'
  if (credits !== null && priced.total > credits) return `The total, ${formatCredits(priced.total)}, is more than your balance of ${formatCredits(credits)}`
  return null
}

/** Each cell's price (or why it has none), the total and the balance. */
function MatrixCostTable({ plan, priced, credits }: { plan: MatrixRunPlan; priced: Priced; credits: number | null }) {
  return (
    <table className="matrix-costs" data-testid="matrix-costs">
      <thead>
        <tr>
          <th scope="col">Cell</th>
          <th scope="col" className="num">
            Credits
          </th>
        </tr>
      </thead>
      <tbody>
        {plan.cells.map((c, i) => {
          const p = priced.perCell[i]
          return (
            <tr key={`${c.row}:${c.col}`} data-testid="matrix-cost-row" data-state={p?.error ? 'error' : 'ok'}>
              <th scope="row">{cellLabel(plan, c.row, c.col)}</th>
              <td className="num">{p?.credits !== null && p?.credits !== undefined ? formatCredits(p.credits) : <span className="text-danger">{p?.error ?? 'No price'} · not sent</span>}</td>
            </tr>
          )
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td className="num" data-testid="matrix-total">
            {priced.total !== null ? formatCredits(priced.total) : '—'}
          </td>
        </tr>
        <tr>
          <th scope="row">Your balance</th>
          <td className="num" data-testid="matrix-balance">
            {credits !== null ? formatCredits(credits) : 'unknown'}
          </td>
        </tr>
      </tfoot>
    </table>
  )
}

export function MatrixConfirmDialog({ plan, onConfirm, onClose, busy = false }: Props) {
  // Kept with the plan it prices, so a new plan never shows the old one's numbers.
  const [pricing, setPricing] = useState<{ plan: MatrixRunPlan; priced: Priced } | null>(null)
  const priced = pricing?.plan === plan ? pricing.priced : null
  const credits = useApp((s) => s.credits)

  useEffect(() => {
    let cancelled = false
    void estimateMatrix(plan).then((p) => {
      if (!cancelled) setPricing({ plan, priced: p })
    })
    return () => {
      cancelled = true
    }
  }, [plan])

  const refused = refusal(priced, credits)
  const sendable = priced ? priced.perCell.filter((c) => c.credits !== null).length : 0
  const confirm = () => {
    if (!priced || refused) return
    const cells = plan.cells.map((c, i) => {
      const p = priced.perCell[i]
      return p?.error ? { ...c, credits: null, error: p.error } : { ...c, credits: p?.credits ?? null }
    })
    onConfirm({ ...plan, cells })
  }

  const footer = (
    <>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      <Button variant="primary" onClick={confirm} disabled={!priced || refused !== null} busy={busy} data-testid="matrix-confirm">
        {priced && priced.total !== null ? `Send ${sendable} ${sendable === 1 ? 'job' : 'jobs'} · ${formatCredits(priced.total)}` : 'Send'}
      </Button>
    </>
  )

  return (
    <Dialog open title={`Send ${plan.title}?`} onClose={onClose} footer={footer} size="md" testId="matrix-confirm-dialog">
      {!priced ? (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> Pricing {plan.cells.length} {plan.cells.length === 1 ? 'cell' : 'cells'}…
        </p>
      ) : (
        <>
          {plan.notes && plan.notes.length > 0 ? (
            <ul className="matrix-notes muted">
              {plan.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : null}
          <MatrixCostTable plan={plan} priced={priced} credits={credits} />
          {refused ? (
            <p className="text-danger" role="alert" data-testid="matrix-refusal">
              {refused}
            </p>
          ) : null}
        </>
      )}
    </Dialog>
  )
}
