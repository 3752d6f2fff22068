// Spend: credits charged and refunded over the last 30 days, per day and per model, with
// the balance; for my jobs or, for a team's admins and owners, the team's. The figures
// are also in tables (for screen readers and exact numbers) and in a CSV export.
import { useEffect } from 'react'
import { SPEND_DAYS, type SpendScope, type SpendSummary } from '../../../shared/app/spend'
import { canSeeTeam } from '../../../shared/app/team'
import { formatCredits } from '../../format/numbers'
import { useApp } from '../../stores/app'
import { useSpend } from '../../stores/spend'
import { Button } from '../../ui/Button'
import { Tabs } from '../../ui/Tabs'
import { SpendLimitsCards } from './SpendLimitsCards'
import { DailyChart, ModelChart } from './SpendCharts'
import { downloadCsv, spendCsv, spendFileName } from './spend-csv'

const SCOPES: { value: SpendScope; label: string; testId: string }[] = [
  { value: 'mine', label: 'My jobs', testId: 'spend-scope-mine' },
  { value: 'team', label: "Team's jobs", testId: 'spend-scope-team' }
]

function Totals({ summary }: { summary: SpendSummary }) {
  return (
    <dl className="spend-totals" data-testid="spend-totals">
      <div className="card">
        <dt>Spent</dt>
        <dd>{formatCredits(summary.totals.spent)}</dd>
      </div>
      <div className="card">
        <dt>Refunded</dt>
        <dd>{formatCredits(summary.totals.refunded)}</dd>
      </div>
      <div className="card">
        <dt>Jobs finished</dt>
        <dd>{summary.totals.jobs}</dd>
      </div>
      <div className="card">
        <dt>Balance now</dt>
        <dd>{summary.balance === null ? 'Unavailable' : formatCredits(summary.balance)}</dd>
      </div>
    </dl>
  )
}

function ModelTable({ summary }: { summary: SpendSummary }) {
  return (
    <table className="data-table" data-testid="spend-models">
      <caption className="visually-hidden">Credits per model over {SPEND_DAYS} days</caption>
      <thead>
        <tr>
          <th scope="col">Model</th>
          <th scope="col">Spent</th>
          <th scope="col">Refunded</th>
          <th scope="col">Jobs</th>
        </tr>
      </thead>
      <tbody>
        {summary.models.map((m) => (
          <tr key={m.model}>
            <th scope="row">{m.model}</th>
            <td>{m.spent}</td>
            <td>{m.refunded}</td>
            <td>{m.jobs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function SpendView() {
  const { scope, summary, loading, error, load } = useSpend()
  const role = useApp((s) => s.me?.user.role)
  const seesTeam = canSeeTeam(role)
  useEffect(() => {
    // Back to my jobs when the account no longer sees the team (another key).
    void useSpend.getState().load(seesTeam ? undefined : 'mine')
  }, [seesTeam])

  return (
    <div className="view-inner">
      <header className="view-head">
        <div>
          <h1 className="view-title">Spend</h1>
          <p className="view-sub">Credits over the last {SPEND_DAYS} days, by the day each job finished.</p>
        </div>
        <div className="view-actions">
          {seesTeam ? (
            <Tabs<SpendScope> label="Whose jobs" value={scope} onChange={(next) => void load(next)} options={SCOPES} />
          ) : null}
          {/* Only the figures of the jobs chosen: right after a switch, the old ones are still shown. */}
          <Button disabled={summary?.scope !== scope} onClick={() => summary && downloadCsv(spendFileName(summary), spendCsv(summary))} data-testid="spend-export">
            Export CSV
          </Button>
        </div>
      </header>
      <SpendLimitsCards />
      {error ? (
        <p className="notice notice-danger" role="alert">
          Could not add up the spend: {error}
        </p>
      ) : null}
      {!summary && loading ? <p className="muted">Adding up…</p> : null}
      {summary ? (
        <div className="spend-body" aria-busy={loading || undefined}>
          <Totals summary={summary} />
          <section className="card" aria-labelledby="spend-daily">
            <h2 className="card-title" id="spend-daily">
              Per day
            </h2>
            <DailyChart summary={summary} />
            {summary.balance !== null ? <p className="settings-note">The balance is worked back from today’s; top-ups are not known to the app.</p> : null}
          </section>
          <section className="card" aria-labelledby="spend-models-title">
            <h2 className="card-title" id="spend-models-title">
              Per model
            </h2>
            {summary.models.length ? (
              <>
                <ModelChart summary={summary} />
                <ModelTable summary={summary} />
              </>
            ) : (
              <p className="muted">No finished jobs in the last {SPEND_DAYS} days.</p>
            )}
          </section>
        </div>
      ) : null}
    </div>
  )
}
