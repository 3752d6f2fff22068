// The engine holds every send to the spending limits, whoever calls it (the page's routes,
// the command line's submit): twenty sends racing for the last credits of a limit go
// exactly as far as they fit, the others are refused with nothing journaled or sent, and a
// restart finds the same sums in the journal. A fake clock sets the day.
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import { SpendRefusal } from '../../../src/main/core/jobs/spend-guard'
import { NO_LIMITS, type SpendLimits } from '../../../src/shared/app/spend-limits'
import { cleanupAfterEach } from '../support/cleanup'
import { engineOptionsFor, startDemoEngine } from '../support/demo-engine'

const cleanup = cleanupAfterEach()
let limits: SpendLimits

beforeEach(() => {
  limits = { ...NO_LIMITS }
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  vi.setSystemTime(new Date(2025, 5, 16, 12, 0))
})
afterEach(() => {
  vi.useRealTimers()
})

/** i1-1 costs 3 credits a job. */
const job = (n: number) => ({ model: 'i1-1', prompt: `a kite ${n}` })

async function engineWithLimits() {
  return startDemoEngine(cleanup, { simulator: { rateLimit: false }, engine: { spendLimits: () => limits } })
}

describe('racing sends', () => {
  it('sends exactly as many of 20 racing sends as fit the last credits of the daily limit', async () => {
    const { engine, sim } = await engineWithLimits()
    limits = { ...NO_LIMITS, daily: 40 }
    for (let i = 0; i < 10; i++) await engine.submit(job(i))
    expect(engine.spending.standing().spentToday).toBe(30)

    const answers = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => engine.submit(job(100 + i))))
    const sent = answers.filter((a) => a.status === 'fulfilled')
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []))
    expect(sent).toHaveLength(3)
    expect(refused).toHaveLength(17)
    for (const r of refused) {
      expect(r).toBeInstanceOf(SpendRefusal)
      expect((r as SpendRefusal).message).toMatch(/^Daily limit of 40 credits: 39 spent today, this send costs 3 — nothing was sent\.$/)
    }
    // Nothing of a refused send was journaled or sent.
    expect(engine.jobs()).toHaveLength(13)
    expect(sim.jobCount()).toBe(13)
    expect(engine.spending.standing().spentToday).toBe(39)
  })

  it('holds a confirmed send of several jobs whole through reserveSpend', async () => {
    const { engine } = await engineWithLimits()
    limits = { ...NO_LIMITS, monthly: 20 }
    expect(() => engine.spending.reserve([3, 3, 3, 3, 3, 3, 3])).toThrow('Monthly limit of 20 credits: 0 spent this month, this send costs 21 — nothing was sent.')
    const slots = engine.spending.reserve([3, 3, 3, 3, 3, 3])
    await Promise.all(slots.map((slot, i) => engine.submit(job(i), [], undefined, { slot }).finally(() => slot.release())))
    expect(engine.jobs()).toHaveLength(6)
    await expect(engine.submit(job(9))).rejects.toThrow('18 spent this month, this send costs 3')
  })
})

describe('across a restart and a new day', () => {
  it('finds the day’s and the month’s sums in the journal after a restart, and a new day frees the daily limit', async () => {
    const { engine, sim, dir } = await engineWithLimits()
    limits = { daily: 12, monthly: 21, askAbove: null }
    for (let i = 0; i < 4; i++) await engine.submit(job(i))
    await engine.close()

    const again = new Engine(engineOptionsFor(sim, join(dir, 'engine'), { spendLimits: () => limits }))
    await again.start()
    cleanup.defer(() => again.close())
    expect(again.spending.standing()).toMatchObject({ spentToday: 12, spentThisMonth: 12 })
    await expect(again.submit(job(5))).rejects.toThrow('Daily limit of 12 credits: 12 spent today, this send costs 3 — nothing was sent.')

    vi.setSystemTime(new Date(2025, 5, 17, 0, 1))
    for (let i = 0; i < 3; i++) await again.submit(job(10 + i))
    await expect(again.submit(job(20))).rejects.toThrow('Monthly limit of 21 credits: 21 spent this month, this send costs 3 — nothing was sent.')
    expect(again.jobs()).toHaveLength(7)
  })

  it('gives a failed job’s credits back once the service refunds it', async () => {
    const { engine } = await engineWithLimits()
    limits = { ...NO_LIMITS, daily: 6 }
    const failing = await engine.submit({ model: 'i1-1', prompt: 'a kite #fail' })
    await engine.submit(job(1))
    await expect(engine.submit(job(2))).rejects.toThrow(SpendRefusal)
    await vi.waitFor(() => expect(engine.job(failing.id)?.status).toBe('FAILED'), { timeout: 20_000, interval: 50 })
    await engine.submit(job(3))
    expect(engine.spending.standing().spentToday).toBe(6)
  })
})

describe('ask first', () => {
  it('journals nothing above the threshold unless the send is confirmed', async () => {
    const { engine } = await engineWithLimits()
    limits = { ...NO_LIMITS, askAbove: 10 }
    const request = { model: 'i8-1', prompt: 'four', i8Params: { number_of_images: 2 } }
    await expect(engine.submit(request)).rejects.toThrow('This send costs 14 credits, above your ask-first threshold of 10 — send?')
    expect(engine.jobs()).toHaveLength(0)
    expect((await engine.submit(request, [], undefined, { confirmed: true })).submission).toBe('accepted')
  })
})
