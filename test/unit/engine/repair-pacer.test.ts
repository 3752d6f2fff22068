// The check of the library at start shares the cores with the app: half a core when the
// user is away, a tenth while they are at work (a request in the last second), so a
// scroll through the gallery is not drawn on a core the check is also using.
import { describe, expect, it } from 'vitest'
import { UserActivity } from '../../../src/main/core/app/user-activity'
import { MAX_REST_MS, REST_AT_WORK, SLICE_MS, slicePacer } from '../../../src/main/core/library/repair/pacer'

/** A clock that moves only when told, and a pass whose work and rests advance it. */
function fakeTime() {
  let now = 0
  const rests: number[] = []
  return {
    now: () => now,
    work: (ms: number) => (now += ms),
    sleep: async (ms: number) => {
      rests.push(ms)
      now += ms
    },
    rests
  }
}

/** Runs a pass of `steps` steps of `stepMs` each; returns the share of the time spent working. */
async function pass(atWork: () => boolean, steps = 1000, stepMs = 0.5) {
  const t = fakeTime()
  const pace = slicePacer({ now: t.now, sleep: t.sleep, userAtWork: atWork })
  for (let i = 0; i < steps; i++) {
    t.work(stepMs)
    await pace()
  }
  return { share: (steps * stepMs) / t.now(), rests: t.rests }
}

describe('the pace of a pass over the library', () => {
  it('works about half the time while the user is away', async () => {
    const { share, rests } = await pass(() => false)
    expect(share).toBeCloseTo(0.5, 1)
    expect(new Set(rests)).toEqual(new Set([SLICE_MS]))
  })

  it('works about a tenth of the time while the user is at work', async () => {
    const { share, rests } = await pass(() => true)
    expect(share).toBeCloseTo(1 / (1 + REST_AT_WORK), 1)
    expect(share).toBeLessThan(0.15)
    expect(new Set(rests)).toEqual(new Set([SLICE_MS * REST_AT_WORK]))
  })

  it('keeps those shares when a step takes many slices (folders the disk must read again)', async () => {
    const slow = await pass(() => true, 50, 40)
    expect(slow.share).toBeCloseTo(1 / (1 + REST_AT_WORK), 2)
    expect(new Set(slow.rests)).toEqual(new Set([40 * REST_AT_WORK]))
    const away = await pass(() => false, 50, 40)
    expect(away.share).toBeCloseTo(0.5, 2)
  })

  it('rests a few seconds at most, so a pass that met one very slow step goes on', async () => {
    const { rests } = await pass(() => true, 3, 2_000)
    expect(rests).toEqual([MAX_REST_MS, MAX_REST_MS, MAX_REST_MS])
  })

  it('follows the user as they come and go', async () => {
    let steps = 0
    const { rests } = await pass(() => ++steps > 20 && steps < 40)
    expect(rests).toContain(SLICE_MS)
    expect(rests).toContain(SLICE_MS * REST_AT_WORK)
  })
})

describe('the user at work', () => {
  it('is at work for a second after each request', () => {
    let now = 10_000
    const activity = new UserActivity(() => now)
    expect(activity.atWork()).toBe(false)
    activity.note()
    now += 999
    expect(activity.atWork()).toBe(true)
    now += 1
    expect(activity.atWork()).toBe(false)
  })
})
