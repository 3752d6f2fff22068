// On Spend: the spending limits and what this app's jobs used of them today and this
// month, with what is left, and the ask-first threshold; set in Settings.
import { creditsLeft, type SpendStanding } from '../../../shared/app/spend-limits'
import { formatCredits } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { useNavigation } from '../../stores/navigation'
import { Button } from '../../ui/Button'
import { useSpendStanding } from '../../components/spend-limits/use-spend-standing'

function Used({ label, limit, spent, testId }: { label: string; limit: number | null; spent: number; testId: string }) {
  const { t } = useTranslation()
  return (
    <div className="card" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{limit === null ? t('spend:limits.noLimit') : t('spend:limits.used', { spent, limit })}</dd>
      <dd className="limit-detail">{limit === null ? t('spend:limits.spent', { credits: formatCredits(spent) }) : t('spend:limits.left', { credits: formatCredits(creditsLeft(limit, spent)!) })}</dd>
    </div>
  )
}

function Cards({ s }: { s: SpendStanding }) {
  const { t } = useTranslation()
  return (
    <dl className="spend-totals">
      <Used label={t('spend:limits.today')} limit={s.daily} spent={s.spentToday} testId="spend-limit-today" />
      <Used label={t('spend:limits.month')} limit={s.monthly} spent={s.spentThisMonth} testId="spend-limit-month" />
      <div className="card" data-testid="spend-limit-ask">
        <dt>{t('spend:limits.askFirst')}</dt>
        <dd>{s.askAbove === null ? t('spend:limits.never') : formatCredits(s.askAbove)}</dd>
        {s.askAbove === null ? null : <dd className="limit-detail">{t('spend:limits.asks')}</dd>}
      </div>
    </dl>
  )
}

export function SpendLimitsCards() {
  const { t } = useTranslation()
  const standing = useSpendStanding()
  const go = useNavigation((s) => s.go)
  if (!standing) return null
  return (
    <section className="spend-limits" aria-labelledby="spend-limits-title" data-testid="spend-limits">
      <div className="spend-limits-head">
        <h2 className="card-title" id="spend-limits-title">
          {t('spend:limits.title')}
        </h2>
        <Button size="sm" variant="ghost" onClick={() => go('settings')} data-testid="spend-limits-change">
          {t('spend:limits.change')}
        </Button>
      </div>
      <Cards s={standing} />
      <p className="settings-note">{t('spend:limits.note')}</p>
    </section>
  )
}
