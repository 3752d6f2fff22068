// The two charts of the Spend view, drawn with recharts: credits per day (charged and
// refunded, with the balance at the end of each day) and credits per model. Colours come
// from the design tokens, so both themes draw them.
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { SpendSummary } from '../../../shared/app/spend'
import { formatMonthDay } from '../../format/dates'
import { formatNumber } from '../../format/numbers'

// Tick labels are filled, not stroked: a stroke on SVG text blurs it.
const AXIS = { fill: 'var(--text-muted)', fontSize: 12 }
const formatTick = (n: number) => formatNumber(Math.round(n))
const TOOLTIP = { contentStyle: { background: 'var(--surface-3)', border: '1px solid var(--border-strong)', borderRadius: 8, color: 'var(--text)' } }
const shortDate = (iso: string) => formatMonthDay(iso)

export function DailyChart({ summary }: { summary: SpendSummary }) {
  const withBalance = summary.balance !== null
  return (
    <ResponsiveContainer width="100%" height={280}>
      <ComposedChart data={summary.days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDate} tick={AXIS} stroke="var(--border-strong)" minTickGap={16} />
        <YAxis yAxisId="credits" tick={AXIS} stroke="var(--border-strong)" allowDecimals={false} tickFormatter={formatTick} width={56} />
        {withBalance ? <YAxis yAxisId="balance" orientation="right" tick={AXIS} stroke="var(--border-strong)" width={80} domain={['auto', 'auto']} allowDecimals={false} tickFormatter={formatTick} /> : null}
        <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--accent-soft)' }} />
        <Legend wrapperStyle={{ color: 'var(--text-muted)', fontSize: 12 }} />
        <Bar yAxisId="credits" dataKey="spent" name="Spent" fill="var(--accent)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Bar yAxisId="credits" dataKey="refunded" name="Refunded" fill="var(--success)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        {withBalance ? <Line yAxisId="balance" dataKey="balance" name="Balance" stroke="var(--warning)" strokeWidth={2} dot={false} type="stepAfter" isAnimationActive={false} /> : null}
      </ComposedChart>
    </ResponsiveContainer>
  )
}

export function ModelChart({ summary }: { summary: SpendSummary }) {
  const rows = summary.models.slice(0, 12)
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 32 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--border)" horizontal={false} />
        <XAxis type="number" tick={AXIS} stroke="var(--border-strong)" allowDecimals={false} tickFormatter={formatTick} />
        <YAxis type="category" dataKey="model" tick={AXIS} stroke="var(--border-strong)" width={72} />
        <Tooltip {...TOOLTIP} cursor={{ fill: 'var(--accent-soft)' }} />
        <Bar dataKey="spent" name="Spent" fill="var(--accent)" radius={[0, 3, 3, 0]} isAnimationActive={false} />
        <Bar dataKey="refunded" name="Refunded" fill="var(--success)" radius={[0, 3, 3, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}
