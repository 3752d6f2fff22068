// Adds up what jobs cost over the last days: what was charged (completed jobs), what was
// refunded (failed and cancelled ones, whose reserved credits the service returns), per
// day and per model, and the balance at the end of each day.
import { SPEND_DAYS, type SpendScope, type SpendSummary } from '../../../shared/app/spend'

/** What a journal record and a job from the service's list have in common. */
export interface SpendItem {
  model: string
  status: string | null
  creditCost: number | null
  createdAt: string
  completedAt: string | null
}

const DAY_MS = 24 * 3600_000

function dayOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10)
}

export function summarizeSpend(items: readonly SpendItem[], opts: { scope: SpendScope; balance: number | null; now?: number; days?: number }): SpendSummary {
  const now = opts.now ?? Date.now()
  const count = opts.days ?? SPEND_DAYS
  const keys = Array.from({ length: count }, (_, i) => dayOf(new Date(now - (count - 1 - i) * DAY_MS).toISOString()))
  const days = new Map(keys.map((date) => [date, { date, spent: 0, refunded: 0, jobs: 0, balance: null as number | null }]))
  const models = new Map<string, { model: string; spent: number; refunded: number; jobs: number }>()
  for (const item of items) {
    const charged = item.status === 'COMPLETED'
    const refunded = item.status === 'FAILED' || item.status === 'CANCELLED'
    if (!charged && !refunded) continue // still running: reserved, not yet spent or returned
    const day = days.get(dayOf(item.completedAt ?? item.createdAt))
    if (!day) continue
    const cost = Math.max(0, item.creditCost ?? 0)
    const model = models.get(item.model) ?? { model: item.model, spent: 0, refunded: 0, jobs: 0 }
    if (charged) {
      day.spent += cost
      model.spent += cost
    } else {
      day.refunded += cost
      model.refunded += cost
    }
    day.jobs += 1
    model.jobs += 1
    models.set(item.model, model)
  }
  // Walked back from today's balance: a day ended with what the next day began with, and
  // that day's charges came out of it. A reservation that was refunded nets to nothing,
  // so refunds do not move it; top-ups are not known here, so earlier days are estimates.
  const ordered = [...days.values()]
  if (opts.balance !== null) {
    let balance = opts.balance
    for (let i = ordered.length - 1; i >= 0; i--) {
      ordered[i]!.balance = balance
      balance += ordered[i]!.spent
    }
  }
  const totals = ordered.reduce((t, d) => ({ spent: t.spent + d.spent, refunded: t.refunded + d.refunded, jobs: t.jobs + d.jobs }), { spent: 0, refunded: 0, jobs: 0 })
  return {
    scope: opts.scope,
    days: ordered,
    models: [...models.values()].sort((a, b) => b.spent - a.spent || a.model.localeCompare(b.model)),
    totals,
    balance: opts.balance
  }
}
