// The spending limits' sums and refusals, on a fake clock in a time zone far from UTC, so
// that a day or a month counted in UTC instead of local time is caught. A job counts on
// the local day it was sent: at its estimate until the service says its cost, at nothing
// once refunded; a send is refused whole, naming the limit, and reserves nothing then.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobRecord } from '../../../src/main/core/jobs/job-record'
import { SpendGuard, SpendRefusal } from '../../../src/main/core/jobs/spend-guard'
import { countedCredits, standingOf } from '../../../src/main/core/jobs/spend-ledger'
import { NO_LIMITS, type SpendLimits } from '../../../src/shared/app/spend-limits'
import { jobRecord, unsentRecord } from '../support/job-record'

let zoneBefore: string | undefined
beforeAll(() => {
  // UTC+13 in March: local midnight is 11:00 UTC the day before.
  zoneBefore = process.env.TZ
  process.env.TZ = 'Pacific/Auckland'
})
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ
  else process.env.TZ = zoneBefore
})

/** A local time, as the computer's clock shows it. */
const local = (month: number, day: number, hour: number, minute = 0) => new Date(2025, month - 1, day, hour, minute).getTime()
const sentAt = (at: number, creditCost: number, over: Partial<JobRecord> = {}) =>
  jobRecord({ id: `job-${at}-${creditCost}-${Math.random()}`, createdAt: new Date(at).toISOString(), creditCost, ...over })

function guardOver(records: JobRecord[], limits: Partial<SpendLimits>, now: number) {
  return new SpendGuard({ records: () => records, has: (id) => records.some((r) => r.id === id), limits: () => ({ ...NO_LIMITS, ...limits }), now: () => now })
}

function refusalOf(fn: () => unknown): SpendRefusal {
  try {
    fn()
  } catch (err) {
    if (err instanceof SpendRefusal) return err
    throw err
  }
  throw new Error('not refused')
}

describe('days and months', () => {
  it('counts a job on the local day it was sent: yesterday 23:50 is not today, today 00:10 is', () => {
    const records = [sentAt(local(3, 9, 23, 50), 40), sentAt(local(3, 10, 0, 10), 30)]
    const s = standingOf(records, NO_LIMITS, local(3, 10, 0, 30))
    expect(s).toMatchObject({ spentToday: 30, spentThisMonth: 70 })
  })

  it('starts a month at local midnight on the 1st', () => {
    const records = [sentAt(local(3, 31, 23, 59), 50), sentAt(local(4, 1, 0, 1), 20)]
    expect(standingOf(records, NO_LIMITS, local(4, 1, 0, 5))).toMatchObject({ spentToday: 20, spentThisMonth: 20 })
    expect(standingOf(records.slice(0, 1), NO_LIMITS, local(3, 31, 23, 59))).toMatchObject({ spentToday: 50, spentThisMonth: 50 })
  })

  it('frees the daily limit at local midnight while the monthly one still holds', () => {
    const records = [sentAt(local(3, 10, 9), 480)]
    const limits = { daily: 500, monthly: 600 }
    expect(refusalOf(() => guardOver(records, limits, local(3, 10, 23, 59)).reserve([40])).message).toBe(
      'Daily limit of 500 credits: 480 spent today, this send costs 40 — nothing was sent.'
    )
    expect(guardOver(records, limits, local(3, 11, 0, 0)).reserve([40])).toHaveLength(1)
    expect(refusalOf(() => guardOver(records, limits, local(3, 11, 0, 0)).reserve([130])).message).toBe(
      'Monthly limit of 600 credits: 480 spent this month, this send costs 130 — nothing was sent.'
    )
  })
})

describe('what a job counts', () => {
  it('counts the estimate until the cost is known, the cost then, and nothing once refunded or refused', () => {
    const eightOf3 = { model: 'i8-1', prompt: 'x', i8Params: { number_of_images: 3 } }
    expect(countedCredits(unsentRecord({ model: 'i8-1', request: eightOf3 }))).toBe(21)
    expect(countedCredits(jobRecord({ model: 'i8-1', request: eightOf3, creditCost: null }))).toBe(21)
    expect(countedCredits(jobRecord({ model: 'i8-1', request: eightOf3, creditCost: 14 }))).toBe(14)
    expect(countedCredits(jobRecord({ creditCost: 14, status: 'COMPLETED' }))).toBe(14)
    expect(countedCredits(jobRecord({ creditCost: 14, status: 'FAILED' }))).toBe(0)
    expect(countedCredits(jobRecord({ creditCost: 14, status: 'CANCELLED' }))).toBe(0)
    expect(countedCredits(unsentRecord({ submission: 'rejected' }))).toBe(0)
    expect(countedCredits(jobRecord({ creditCost: 14, origin: 'elsewhere' }))).toBe(0)
  })

  it('gives a refund back to the day: a failed job frees its credits for the next send', () => {
    const now = local(3, 10, 12)
    const records = [sentAt(local(3, 10, 9), 60)]
    const guard = guardOver(records, { daily: 100 }, now)
    expect(refusalOf(() => guard.reserve([50])).reason).toBe('daily')
    records[0] = { ...records[0]!, status: 'FAILED' }
    expect(guard.reserve([50])).toHaveLength(1)
    expect(guard.standing()).toMatchObject({ spentToday: 50 })
  })
})

describe('reserving', () => {
  it('refuses a send of several jobs whole when their sum does not fit, holding none of it', () => {
    const guard = guardOver([sentAt(local(3, 10, 9), 75)], { daily: 100 }, local(3, 10, 12))
    const r = refusalOf(() => guard.reserve([10, 10, 10]))
    expect(r).toMatchObject({ code: 'over_limit', reason: 'daily', cost: 30, limit: 100 })
    expect(guard.standing().spentToday).toBe(75)
    expect(guard.reserve([10, 10, 5])).toHaveLength(3)
    expect(guard.standing().spentToday).toBe(100)
  })

  it('counts a held job once: by its hold until the journal has it, then by the journal', () => {
    const records: JobRecord[] = []
    const guard = guardOver(records, { daily: 10 }, local(3, 10, 12))
    const [slot] = guard.reserve([6])
    expect(guard.standing().spentToday).toBe(6)
    slot!.bind('new-job')
    records.push(sentAt(local(3, 10, 12), 6, { id: 'new-job' }))
    expect(guard.standing().spentToday).toBe(6)
    slot!.release()
    expect(guard.standing().spentToday).toBe(6)
    expect(refusalOf(() => guard.reserve([5])).message).toContain('6 spent today, this send costs 5')
  })

  it('gives a hold back when its send is given up', () => {
    const guard = guardOver([], { monthly: 10 }, local(3, 10, 12))
    const [slot] = guard.reserve([8])
    expect(refusalOf(() => guard.reserve([8])).reason).toBe('monthly')
    slot!.release()
    expect(guard.reserve([8])).toHaveLength(1)
  })

  it('asks first above the threshold, and sends once confirmed', () => {
    const guard = guardOver([], { askAbove: 30 }, local(3, 10, 12))
    expect(guard.reserve([30])).toHaveLength(1)
    const asked = refusalOf(() => guard.reserve([20, 20]))
    expect(asked).toMatchObject({ code: 'ask_first', reason: 'ask_first', cost: 40, limit: 30 })
    expect(asked.message).toBe('This send costs 40 credits, above your ask-first threshold of 30 — send?')
    expect(guard.reserve([20, 20], true)).toHaveLength(2)
  })

  it('refuses over a limit even when confirmed', () => {
    const guard = guardOver([], { daily: 30, askAbove: 10 }, local(3, 10, 12))
    expect(refusalOf(() => guard.reserve([40], true)).reason).toBe('daily')
  })

  it('refuses a send of unknown cost (a LoRA training) only once a limit is used up', () => {
    const records = [sentAt(local(3, 10, 9), 99)]
    const guard = guardOver(records, { daily: 100 }, local(3, 10, 12))
    expect(() => guard.refuseWhenUsedUp()).not.toThrow()
    records.push(sentAt(local(3, 10, 10), 1))
    expect(refusalOf(() => guard.refuseWhenUsedUp()).message).toBe(
      'Daily limit of 100 credits: 100 spent today, and a LoRA training’s cost is not known before it starts — nothing was sent.'
    )
  })
})
