// Main's count of the jobs the page sends: at most 600 in any 60 seconds. A send past it
// is refused whole (nothing counted, nothing sent) with when there is room again, and the
// room comes back as the oldest sends age out of the minute. On a fake clock.
import { describe, expect, it } from 'vitest'
import { SendLimiter } from '../../../src/main/core/app/send-limiter'
import { AppFailure } from '../../../src/main/core/app/app-errors'
import { MAX_JOBS_PER_MINUTE } from '../../../src/shared/app/send-caps'

function clock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => void (now += ms) }
}

function refusal(take: () => void): AppFailure {
  try {
    take()
  } catch (err) {
    return err as AppFailure
  }
  throw new Error('the send was not refused')
}

describe('the jobs-per-minute cap', () => {
  it('is 600, enough for two full confirmations and more', () => {
    expect(MAX_JOBS_PER_MINUTE).toBe(600)
  })

  it('takes sends up to the cap, then refuses the next whole, saying when there is room', () => {
    const t = clock()
    const sends = new SendLimiter(600, t.now)
    sends.take(256)
    t.advance(10_000)
    sends.take(256)
    t.advance(10_000)
    for (let i = 0; i < 88; i++) sends.take(1)
    const whole = refusal(() => sends.take(2))
    expect(whole).toBeInstanceOf(AppFailure)
    expect(whole.code).toBe('rate_limited')
    expect(whole.message).toBe('Not sent: the app sends at most 600 jobs a minute; 600 went in the last minute, and these 2 would make 602. Nothing was sent; try again in 40 s.')
    expect(refusal(() => sends.take(1)).message).toBe('Not sent: the app sends at most 600 jobs a minute, and 600 went in the last minute. Nothing was sent; try again in 40 s.')
  })

  it('gives the room back as the oldest sends leave the minute, not before', () => {
    const t = clock()
    const sends = new SendLimiter(600, t.now)
    sends.take(300)
    t.advance(30_000)
    sends.take(300)
    t.advance(29_999)
    expect(refusal(() => sends.take(1)).message).toContain('try again in 1 s')
    t.advance(1)
    // The first 300 are a minute old now; the last 300 still count.
    sends.take(300)
    expect(refusal(() => sends.take(1)).message).toContain('600 went in the last minute')
  })

  it('counts nothing it refused', () => {
    const t = clock()
    const sends = new SendLimiter(10, t.now)
    sends.take(8)
    expect(refusal(() => sends.take(5)).code).toBe('rate_limited')
    sends.take(2)
  })
})
