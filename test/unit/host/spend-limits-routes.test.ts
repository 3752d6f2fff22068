// The spending limits through the app's routes, as the page reaches them: twenty sends
// racing for the last credits of the daily limit go exactly as far as they fit; every
// route that costs credits (Create, a confirmed batch or matrix, retry, legacy video, LoRA
// training) is refused past a limit with an error naming it, nothing journaled or sent;
// a send above the ask-first threshold goes only with the page's confirmation. The day is
// set by a fake clock.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import type { RouteName, RouteOutput } from '../../../src/shared/contract'
import type { SpendStanding } from '../../../src/shared/app/spend-limits'
import type { Simulator } from '../../../src/simulator'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController } from '../support/test-controller'

const cleanup = cleanupAfterEach()
let c: AppController
let demo: Simulator

async function ok<R extends RouteName>(route: R, input: unknown): Promise<RouteOutput<R>> {
  const r = await c.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
  return r.data as RouteOutput<R>
}

const standing = () => ok('limits.get', {}) as Promise<SpendStanding>
/** i1-1 costs 3 credits a job. */
const job = (n: number) => ({ request: { model: 'i1-1', prompt: `a kite ${n}` } })

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  vi.setSystemTime(new Date(2025, 5, 16, 12, 0))
})
afterAll(() => {
  vi.useRealTimers()
})

async function freshApp(): Promise<void> {
  const dir = await cleanup.tempDir('spend-limits-')
  const app = await startTestController(dir, { demoSpeed: 40, onDemo: (d) => (demo = d as Simulator) })
  c = app.controller
  cleanup.defer(() => c.close())
}

describe('racing sends through the routes', () => {
  it('sends exactly as many of 20 racing sends as fit the last credits of the daily limit', async () => {
    await freshApp()
    await ok('settings.update', { dailyCreditLimit: 40 })
    for (let i = 0; i < 10; i++) await ok('jobs.submit', job(i))
    expect(await standing()).toMatchObject({ daily: 40, spentToday: 30 })

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => c.dispatch('jobs.submit', job(100 + i))))
    expect(answers.filter((a) => a.ok)).toHaveLength(3)
    const refused = answers.filter((a) => !a.ok)
    expect(refused).toHaveLength(17)
    for (const r of refused) {
      expect(r).toEqual({ ok: false, error: { code: 'over_limit', message: 'Daily limit of 40 credits: 39 spent today, this send costs 3 — nothing was sent.' } })
    }
    expect(await ok('jobs.list', {})).toHaveLength(13)
    expect(demo.jobCount()).toBe(13)
    expect(await standing()).toMatchObject({ spentToday: 39, spentThisMonth: 39 })
  })
})

async function pngs(n: number): Promise<{ fileName: string; dataBase64: string }[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      fileName: `face-${i}.png`,
      dataBase64: (await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: i * 9, g: 80, b: 120 } } }).png().toBuffer()).toString('base64')
    }))
  )
}

describe('every route that costs credits', () => {
  it('refuses past a limit, naming it, with nothing journaled or sent', async () => {
    await freshApp()
    const first = await ok('jobs.submit', job(0))
    const sentBefore = demo.jobCount()
    // Two of these three would fit the 7 left: none goes.
    await ok('settings.update', { monthlyCreditLimit: 10 })
    expect(await c.dispatch('jobs.submitConfirmed', { jobs: [job(1), job(2), job(3)] })).toEqual({
      ok: false, error: { code: 'over_limit', message: 'Monthly limit of 10 credits: 3 spent this month, this send costs 9 — nothing was sent.' }
    })
    await ok('settings.update', { monthlyCreditLimit: 4 })
    const refusals = [
      await c.dispatch('jobs.submit', job(1)),
      await c.dispatch('jobs.submitConfirmed', { jobs: [job(2), job(3)] }),
      await c.dispatch('jobs.retry', { localId: first.localId }),
      await c.dispatch('legacy.submit', { request: { model: 'lv-a', prompt: 'a slow pan over hills', duration: 4, resolution: '480p' } })
    ]
    expect(refusals.map((r) => !r.ok && r.error)).toEqual([
      { code: 'over_limit', message: 'Monthly limit of 4 credits: 3 spent this month, this send costs 3 — nothing was sent.' },
      { code: 'over_limit', message: 'Monthly limit of 4 credits: 3 spent this month, this send costs 6 — nothing was sent.' },
      { code: 'over_limit', message: 'Monthly limit of 4 credits: 3 spent this month, this send costs 3 — nothing was sent.' },
      { code: 'over_limit', message: 'Monthly limit of 4 credits: 3 spent this month, this send costs 4 — nothing was sent.' }
    ])
    // A LoRA training's price is not known: it is refused once a limit is used up.
    await ok('settings.update', { monthlyCreditLimit: 3 })
    const lora = await c.dispatch('loras.create', { name: 'me', subjectKind: 'person', images: await pngs(15) })
    expect(lora).toEqual({ ok: false, error: { code: 'over_limit', message: "Monthly limit of 3 credits: 3 spent this month, and a LoRA training’s cost is not known before it starts — nothing was sent." } })
    expect(await ok('jobs.list', {})).toHaveLength(1)
    expect(demo.jobCount()).toBe(sentBefore)

    // Cleared ("no limit"), every one of them goes again.
    await ok('settings.update', { monthlyCreditLimit: null })
    expect((await ok('settings.get', {})).monthlyCreditLimit).toBeNull()
    expect((await ok('jobs.submitConfirmed', { jobs: [job(2), job(3)] })).every((a) => a.ok)).toBe(true)
    expect((await standing()).spentThisMonth).toBe(9)
  })

  it('sends above the ask-first threshold only with the confirmation, a confirmed send as a whole', async () => {
    await freshApp()
    await ok('settings.update', { askAboveCredits: 5 })
    const four = { request: { model: 'i8-1', prompt: 'four', i8Params: { number_of_images: 2 } } }
    expect(await c.dispatch('jobs.submit', four)).toEqual({ ok: false, error: { code: 'ask_first', message: 'This send costs 14 credits, above your ask-first threshold of 5 — send?' } })
    expect(await c.dispatch('jobs.submitConfirmed', { jobs: [job(1), job(2)] })).toMatchObject({ ok: false, error: { code: 'ask_first', message: 'This send costs 6 credits, above your ask-first threshold of 5 — send?' } })
    expect(await ok('jobs.list', {})).toHaveLength(0)
    expect((await ok('jobs.submit', { ...four, spendConfirmed: true })).submission).toBe('accepted')
    expect(await ok('jobs.submitConfirmed', { jobs: [job(1), job(2)], spendConfirmed: true })).toHaveLength(2)
    expect(await ok('jobs.submit', job(3))).toMatchObject({ model: 'i1-1' })
  })

  it('refuses a confirmation that is not a yes or no, naming the field', async () => {
    await freshApp()
    const r = await c.dispatch('jobs.submit', { ...job(1), spendConfirmed: 'yes' })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { spendConfirmed: [expect.any(String)] } } })
    const limit = await c.dispatch('settings.update', { dailyCreditLimit: -1 })
    expect(limit).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { dailyCreditLimit: ['Must be 0 or more credits'] } } })
  })
})
