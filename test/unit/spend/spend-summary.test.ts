// Spend adds charges on the day a job completed and refunds on the day it failed or was
// cancelled, per day and per model, and walks the balance back from today's.
import { describe, expect, it } from 'vitest'
import { summarizeSpend, type SpendItem } from '../../../src/main/core/app/spend-summary'

const NOW = Date.parse('2026-03-31T12:00:00Z')
const item = (model: string, status: string | null, creditCost: number | null, completedAt: string | null, createdAt = completedAt ?? '2026-03-31T00:00:00Z'): SpendItem => ({
  model, status, creditCost, completedAt, createdAt
})

describe('summarizeSpend', () => {
  it('adds charges and refunds per day and per model over 30 days', () => {
    const s = summarizeSpend(
      [
        item('i1-1', 'COMPLETED', 3, '2026-03-31T08:00:00Z'),
        item('i1-1', 'COMPLETED', 3, '2026-03-30T08:00:00Z'),
        item('v2-1', 'COMPLETED', 50, '2026-03-30T09:00:00Z'),
        item('v2-1', 'FAILED', 50, '2026-03-29T09:00:00Z'),
        item('m1-1', 'PROCESSING', 10, null), // reserved, not spent yet
        item('i1-1', 'COMPLETED', 3, '2026-02-01T08:00:00Z') // before the window
      ],
      { scope: 'mine', balance: 1000, now: NOW }
    )
    expect(s.days).toHaveLength(30)
    expect(s.days[0]!.date).toBe('2026-03-02')
    expect(s.days.at(-1)).toEqual({ date: '2026-03-31', spent: 3, refunded: 0, jobs: 1, balance: 1000 })
    expect(s.days.at(-2)).toEqual({ date: '2026-03-30', spent: 53, refunded: 0, jobs: 2, balance: 1003 })
    expect(s.days.at(-3)).toEqual({ date: '2026-03-29', spent: 0, refunded: 50, jobs: 1, balance: 1056 })
    expect(s.days[0]!.balance).toBe(1056)
    expect(s.models).toEqual([
      { model: 'v2-1', spent: 50, refunded: 50, jobs: 2 },
      { model: 'i1-1', spent: 6, refunded: 0, jobs: 2 }
    ])
    expect(s.totals).toEqual({ spent: 56, refunded: 50, jobs: 4 })
  })

  it('leaves the balance out when the service could not be asked', () => {
    const s = summarizeSpend([item('i1-1', 'COMPLETED', 3, '2026-03-31T08:00:00Z')], { scope: 'team', balance: null, now: NOW })
    expect(s.balance).toBeNull()
    expect(s.days.every((d) => d.balance === null)).toBe(true)
    expect(s.scope).toBe('team')
  })
})
