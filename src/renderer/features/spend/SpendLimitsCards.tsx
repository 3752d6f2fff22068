// On Spend: the spending limits and what this app's jobs used of them today and this
// month, with what is left, and the ask-first threshold; set in Settings.
import { creditsLeft, type SpendStanding } from '../../../shared/app/spend-limits'
import { formatCredits, formatNumber } from '../../format/numbers'
import { useNavigation } from '../../stores/navigation'
import { Button } from '../../ui/Button'
import { useSpendStanding } from '../../components/spend-limits/use-spend-standing'

const TEXT = {
  title: 'Spending limits',
  today: 'Today',
  month: 'This month',
  askFirst: 'Ask first above',
  noLimit: 'No limit',
  never: 'Never asks',
  spent: (credits: string) => `${credits} spent`,
  left: (credits: string) => `${credits} left`,
  asks: 'A send that costs more asks before it goes',
  change: 'Change in Settings',
  note: 'This app’s jobs, counted when they are sent; refunds are given back. Days start at local midnight and months on the 1st.'
}

function Used({ label, limit, spent, testId }: { label: string; limit: number | null; spent: number; testId: string }) {
  return (
    <div className="card" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{limit === null ? TEXT.noLimit : `${formatNumber(spent)} / ${formatNumber(limit)}`}</dd>
      <dd className="limit-detail">{limit === null ? TEXT.spent(formatCredits(spent)) : TEXT.left(formatCredits(creditsLeft(limit, spent)!))}</dd>
    </div>
  )
}

function Cards({ s }: { s: SpendStanding }) {
  return (
    <dl className="spend-totals">
      <Used label={TEXT.today} limit={s.daily} spent={s.spentToday} testId="spend-limit-today" />
      <Used label={TEXT.month} limit={s.monthly} spent={s.spentThisMonth} testId="spend-limit-month" />
      <div className="card" data-testid="spend-limit-ask">
        <dt>{TEXT.askFirst}</dt>
        <dd>{s.askAbove === null ? TEXT.never : formatCredits(s.askAbove)}</dd>
        {s.askAbove === null ? null : <dd className="limit-detail">{TEXT.asks}</dd>}
      </div>
    </dl>
  )
}

export function SpendLimitsCards() {
  const standing = useSpendStanding()
  const go = useNavigation((s) => s.go)
  if (!standing) return null
  return (
    <section className="spend-limits" aria-labelledby="spend-limits-title" data-testid="spend-limits">
      <div className="spend-limits-head">
        <h2 className="card-title" id="spend-limits-title">
          {TEXT.title}
        </h2>
        <Button size="sm" variant="ghost" onClick={() => go('settings')} data-testid="spend-limits-change">
          {TEXT.change}
        </Button>
      </div>
      <Cards s={standing} />
      <p className="settings-note">{TEXT.note}</p>
    </section>
  )
}
