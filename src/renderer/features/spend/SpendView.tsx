// Spend: credits charged and refunded over the last 30 days, per day and per model, with
// the balance; for my jobs or, for a team's admins and owners, the team's. The figures
// are also in tables (for screen readers and exact numbers) and in a CSV export.
import { useEffect } from 'react'
import { SPEND_DAYS, type SpendScope, type SpendSummary } from '../../../shared/app/spend'
import { canSeeTeam } from '../../../shared/app/team'
import { formatCredits, formatNumber } from '../../format/numbers'
import { useApp } from '../../stores/app'
import { useSpend } from '../../stores/spend'
import { Button } from '../../ui/Button'
import { Tabs } from '../../ui/Tabs'
import { useTranslation } from '../../i18n/page-i18n'
import { SpendLimitsCards } from './SpendLimitsCards'
import { DailyChart, ModelChart } from './SpendCharts'
import { downloadCsv, spendCsv, spendFileName } from './spend-csv'

const SCOPES = [
  { value: 'mine', label: 'spend:scope.mine', testId: 'spend-scope-mine' },
  { value: 'team', label: 'spend:scope.team', testId: 'spend-scope-team' }
] as const satisfies readonly { value: SpendScope; label: string; testId: string }[]

function Totals({ summary }: { summary: SpendSummary }) {
  const { t } = useTranslation()
  return (
    <dl className="spend-totals" data-testid="spend-totals">
      <div className="card">
        <dt>{t('spend:totals.spent')}</dt>
        <dd>{formatCredits(summary.totals.spent)}</dd>
      </div>
      <div className="card">
        <dt>{t('spend:totals.refunded')}</dt>
        <dd>{formatCredits(summary.totals.refunded)}</dd>
      </div>
      <div className="card">
        <dt>{t('spend:totals.jobs')}</dt>
        <dd>{formatNumber(summary.totals.jobs)}</dd>
      </div>
      <div className="card">
        <dt>{t('spend:totals.balance')}</dt>
        <dd>{summary.balance === null ? t('spend:totals.unavailable') : formatCredits(summary.balance)}</dd>
      </div>
    </dl>
  )
}

function ModelTable({ summary }: { summary: SpendSummary }) {
  const { t } = useTranslation()
  return (
    <table className="data-table" data-testid="spend-models">
      <caption className="visually-hidden">{t('spend:models.caption', { days: SPEND_DAYS })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('spend:models.model')}</th>
          <th scope="col">{t('spend:totals.spent')}</th>
          <th scope="col">{t('spend:totals.refunded')}</th>
          <th scope="col">{t('spend:models.jobs')}</th>
        </tr>
      </thead>
      <tbody>
        {summary.models.map((m) => (
          <tr key={m.model}>
            <th scope="row" translate="no">{m.model}</th>
            <td>{formatNumber(m.spent)}</td>
            <td>{formatNumber(m.refunded)}</td>
            <td>{formatNumber(m.jobs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function SpendView() {
  const { t } = useTranslation()
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
          <h1 className="view-title">{t('spend:title')}</h1>
          <p className="view-sub">{t('spend:subtitle', { days: SPEND_DAYS })}</p>
        </div>
        <div className="view-actions">
          {seesTeam ? (
            <Tabs<SpendScope> label={t('spend:scope.label')} value={scope} onChange={(next) => void load(next)} options={SCOPES.map((s) => ({ ...s, label: t(s.label) }))} />
          ) : null}
          {/* Only the figures of the jobs chosen: right after a switch, the old ones are still shown. */}
          <Button disabled={summary?.scope !== scope} onClick={() => summary && downloadCsv(spendFileName(summary), spendCsv(summary))} data-testid="spend-export">
            {t('spend:export')}
          </Button>
        </div>
      </header>
      <SpendLimitsCards />
      {error ? (
        <p className="notice notice-danger" role="alert">
          {t('spend:failed', { reason: error })}
        </p>
      ) : null}
      {!summary && loading ? <p className="muted">{t('spend:loading')}</p> : null}
      {summary ? (
        <div className="spend-body" aria-busy={loading || undefined}>
          <Totals summary={summary} />
          <section className="card" aria-labelledby="spend-daily">
            <h2 className="card-title" id="spend-daily">
              {t('spend:daily.title')}
            </h2>
            <DailyChart summary={summary} />
            {summary.balance !== null ? <p className="settings-note">{t('spend:daily.balanceNote')}</p> : null}
          </section>
          <section className="card" aria-labelledby="spend-models-title">
            <h2 className="card-title" id="spend-models-title">
              {t('spend:models.title')}
            </h2>
            {summary.models.length ? (
              <>
                <ModelChart summary={summary} />
                <ModelTable summary={summary} />
              </>
            ) : (
              <p className="muted">{t('spend:models.none', { days: SPEND_DAYS })}</p>
            )}
          </section>
        </div>
      ) : null}
    </div>
  )
}
