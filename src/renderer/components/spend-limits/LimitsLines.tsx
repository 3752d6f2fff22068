// Beside Generate: what this app's jobs used of the daily and monthly limits ("Today
// 480 / 500"), marked when the send on the form would not fit what is left. Nothing when no
// limit is set. Main holds every send to the limits; this only shows them.
import { creditsLeft } from '../../../shared/app/spend-limits'
import { formatCredits, formatNumber } from '../../format/numbers'
import { useSpendStanding } from './use-spend-standing'

const TEXT = {
  today: 'Today',
  month: 'This month',
  left: (credits: string, when: string) => `${credits} left ${when}`,
  todayWhen: 'today',
  monthWhen: 'this month'
}

function Line({ label, spent, limit, when, cost, testId }: { label: string; spent: number; limit: number; when: string; cost: number | null; testId: string }) {
  const left = creditsLeft(limit, spent)!
  const over = cost !== null && cost > left
  return (
    <div className="cost-line">
      <dt>{label}</dt>
      <dd data-testid={testId} className={over ? 'text-warning' : undefined} title={TEXT.left(formatCredits(left), when)}>
        {formatNumber(spent)} / {formatNumber(limit)}
      </dd>
    </div>
  )
}

/** `cost`: the estimate of what the form would send, when known. */
export function LimitsLines({ cost }: { cost: number | null }) {
  const s = useSpendStanding()
  if (!s) return null
  return (
    <>
      {s.daily !== null ? <Line label={TEXT.today} spent={s.spentToday} limit={s.daily} when={TEXT.todayWhen} cost={cost} testId="limit-today" /> : null}
      {s.monthly !== null ? <Line label={TEXT.month} spent={s.spentThisMonth} limit={s.monthly} when={TEXT.monthWhen} cost={cost} testId="limit-month" /> : null}
    </>
  )
}
