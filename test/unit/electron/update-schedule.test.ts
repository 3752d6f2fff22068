// When the app checks by itself: at start, then daily by the wall clock (also after the
// computer slept), sooner again after a check that got no answer, and never while
// "Check for updates automatically" is off.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHECK_EVERY_MS, checkIsDue, startUpdateSchedule, TICK_MS } from '../../../src/main/electron/update-schedule'

const HOUR = 60 * 60 * 1000

describe('whether a check is due', () => {
  it('is due before any answer, and a day after the last one', () => {
    expect(checkIsDue(null, 1000)).toBe(true)
    expect(checkIsDue(0, CHECK_EVERY_MS - 1)).toBe(false)
    expect(checkIsDue(0, CHECK_EVERY_MS)).toBe(true)
  })

  it('is due when the clock was set back past the last answer', () => {
    expect(checkIsDue(10 * HOUR, 9 * HOUR)).toBe(true)
  })
})

describe('the update schedule', () => {
  let stop: () => void = () => {}
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2030-01-01T08:00:00Z'))
  })
  afterEach(() => {
    stop()
    vi.useRealTimers()
  })

  /** A schedule whose checks are answered at once, or not at all while `reachable` is false. */
  function schedule(opts: { enabled?: () => boolean; reachable?: () => boolean } = {}) {
    let answeredAt: number | null = null
    const check = vi.fn(() => {
      if (opts.reachable?.() ?? true) answeredAt = Date.now()
    })
    stop = startUpdateSchedule({ enabled: opts.enabled ?? (() => true), lastAnsweredAt: () => answeredAt, check })
    return check
  }

  it('checks at start, not again within the day, and again once a day has passed', () => {
    const check = schedule()
    expect(check).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(23 * HOUR)
    expect(check).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(TICK_MS)
    expect(check).toHaveBeenCalledTimes(2)
  })

  it('checks at the next tick after the computer slept through the day', () => {
    const check = schedule()
    // Asleep: the wall clock moves on, the timers do not.
    vi.setSystemTime(Date.now() + 30 * HOUR)
    expect(check).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(TICK_MS)
    expect(check).toHaveBeenCalledTimes(2)
  })

  it('tries again at the next tick when a check got no answer', () => {
    let reachable = false
    const check = schedule({ reachable: () => reachable })
    vi.advanceTimersByTime(TICK_MS)
    expect(check).toHaveBeenCalledTimes(2)
    reachable = true
    vi.advanceTimersByTime(TICK_MS)
    expect(check).toHaveBeenCalledTimes(3)
    vi.advanceTimersByTime(5 * TICK_MS)
    expect(check).toHaveBeenCalledTimes(3)
  })

  it('does nothing while automatic checks are off, and checks at the next tick once they are on', () => {
    let enabled = false
    const check = schedule({ enabled: () => enabled })
    vi.advanceTimersByTime(3 * CHECK_EVERY_MS)
    expect(check).not.toHaveBeenCalled()
    enabled = true
    vi.advanceTimersByTime(TICK_MS)
    expect(check).toHaveBeenCalledTimes(1)
  })

  it('stops when told to', () => {
    const check = schedule({ reachable: () => false })
    stop()
    vi.advanceTimersByTime(10 * TICK_MS)
    expect(check).toHaveBeenCalledTimes(1)
  })
})
