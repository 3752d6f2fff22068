// Nothing of a matrix is sent until its whole cost has been seen: every cell priced, the
// total against the balance, and the cells that cannot be sent named with their error.
// Over the balance, sending is refused with both numbers on screen.
import { useEffect, useState } from 'react'
import { formatCredits } from '../../format/numbers'
import { t as tr, useTranslation } from '../../i18n/page-i18n'
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
  const r = plan.rowValues[row] ?? tr('matrix:cell.row', { n: row + 1 })
  const c = plan.colValues[col] ?? tr('matrix:cell.column', { n: col + 1 })
  return plan.colValues.length > 1 ? tr('matrix:cell.label', { row: r, column: plan.colLabel, value: c }) : r
}

/** Why the matrix may not be sent, or null when it may. */
function refusal(priced: Priced | null, credits: number | null): string | null {
  if (!priced) return null
  if (priced.total === null) return tr('matrix:confirm.nothing')
  if (credits !== null && priced.total > credits) return tr('matrix:confirm.overBalance', { total: formatCredits(priced.total), credits: formatCredits(credits) })
  return null
}

/** Each cell's price (or why it has none), the total and the balance. */
function MatrixCostTable({ plan, priced, credits }: { plan: MatrixRunPlan; priced: Priced; credits: number | null }) {
  const { t } = useTranslation()
  return (
    <table className="matrix-costs" data-testid="matrix-costs">
      <thead>
        <tr>
          <th scope="col">{t('matrix:confirm.cell')}</th>
          <th scope="col" className="num">
            {t('matrix:confirm.credits')}
          </th>
        </tr>
      </thead>
      <tbody>
        {plan.cells.map((c, i) => {
          const p = priced.perCell[i]
          return (
            <tr key={`${c.row}:${c.col}`} data-testid="matrix-cost-row" data-state={p?.error ? 'error' : 'ok'}>
              <th scope="row" translate="no">{cellLabel(plan, c.row, c.col)}</th>
              <td className="num">{p?.credits !== null && p?.credits !== undefined ? formatCredits(p.credits) : <span className="text-danger">{t('matrix:confirm.notSent', { reason: p?.error ?? t('matrix:confirm.noPrice') })}</span>}</td>
            </tr>
          )
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('matrix:confirm.total')}</th>
          <td className="num" data-testid="matrix-total">
            {priced.total !== null ? formatCredits(priced.total) : '—'}
          </td>
        </tr>
        <tr>
          <th scope="row">{t('matrix:confirm.balance')}</th>
          <td className="num" data-testid="matrix-balance">
            {credits !== null ? formatCredits(credits) : t('matrix:confirm.unknown')}
          </td>
        </tr>
      </tfoot>
    </table>
  )
}

export function MatrixConfirmDialog({ plan, onConfirm, onClose, busy = false }: Props) {
  const { t } = useTranslation()
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
        {t('matrix:confirm.cancel')}
      </Button>
      <Button variant="primary" onClick={confirm} disabled={!priced || refused !== null} busy={busy} data-testid="matrix-confirm">
        {priced && priced.total !== null ? t('matrix:confirm.sendJobs', { count: sendable, credits: formatCredits(priced.total) }) : t('matrix:confirm.send')}
      </Button>
    </>
  )

  return (
    <Dialog open title={t('matrix:confirm.title', { title: plan.title })} onClose={onClose} footer={footer} size="md" testId="matrix-confirm-dialog">
      {!priced ? (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t('matrix:confirm.pricing', { count: plan.cells.length })}
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
