// Beside Generate: what this app's jobs used of the daily and monthly limits ("Today
// 480 / 500"), marked when the send on the form would not fit what is left. Nothing when no
// limit is set. Main holds every send to the limits; this only shows them.
import { creditsLeft } from '../../../shared/app/spend-limits'
import { formatCredits, formatNumber } from '../../format/numbers'
import { useTranslation } from '../../i18n/page-i18n'
import { useSpendStanding } from './use-spend-standing'

interface LineProps {
  label: string
  spent: number
  limit: number
  /** What is left, as a sentence of the period's own ("{credits} left today"). */
  leftKey: 'spend:limits.leftToday' | 'spend:limits.leftThisMonth'
  cost: number | null
  testId: string
}

function Line({ label, spent, limit, leftKey, cost, testId }: LineProps) {
  const { t } = useTranslation()
  const left = creditsLeft(limit, spent)!
  const over = cost !== null && cost > left
  return (
    <div className="cost-line">
      <dt>{label}</dt>
      <dd data-testid={testId} className={over ? 'text-warning' : undefined} title={t(leftKey, { credits: formatCredits(left) })}>
        {formatNumber(spent)} / {formatNumber(limit)}
      </dd>
    </div>
  )
}

/** `cost`: the estimate of what the form would send, when known. */
export function LimitsLines({ cost }: { cost: number | null }) {
  const { t } = useTranslation()
  const s = useSpendStanding()
  if (!s) return null
  return (
    <>
      {s.daily !== null ? <Line label={t('spend:limits.today')} spent={s.spentToday} limit={s.daily} leftKey="spend:limits.leftToday" cost={cost} testId="limit-today" /> : null}
      {s.monthly !== null ? <Line label={t('spend:limits.month')} spent={s.spentThisMonth} limit={s.monthly} leftKey="spend:limits.leftThisMonth" cost={cost} testId="limit-month" /> : null}
    </>
  )
}
