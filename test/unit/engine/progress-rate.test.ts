// The rate estimate the page's "time left" and the engine's poll schedule share: a job's
// end from its readings, and a stall that does not count as running time.
import { describe, expect, it } from 'vitest'
import {
  expectedEndAt, noteReading, progressRate, remainingMs, stalledForMs, STALL_RULE, type ProgressReadings
} from '../../../src/shared/app/progress-rate'

const created = 5_000_000
const s = (seconds: number) => created + seconds * 1000

/** Readings after seeing each [seconds, progress] in turn. */
function read(...seen: [number, number][]): ProgressReadings {
  let r: ProgressReadings | undefined
  for (const [at, progress] of seen) r = noteReading(r, progress, s(at), created)
  return r!
}

describe('progress rate', () => {
  it('takes the submission as 0% with one reading, and the readings once progress moves', () => {
    expect(expectedEndAt(read([10, 20]), created)).toBe(s(50))
    expect(expectedEndAt(read([10, 20], [20, 60]), created)).toBe(s(30))
    expect(remainingMs(read([10, 20], [20, 60]), created, s(25))).toBe(5000)
    expect(remainingMs(read([10, 20], [20, 60]), created, s(99))).toBe(0)
  })

  it('has no rate before progress leaves 0', () => {
    expect(progressRate(read([3, 0]), created)).toBeNull()
    expect(expectedEndAt(read([3, 0]), created)).toBeNull()
  })

  it('answers the same readings when progress did not change, and starts afresh when it went back', () => {
    const r = read([10, 20])
    expect(noteReading(r, 20, s(15), created)).toBe(r)
    expect(noteReading(r, 5, s(15), created)).toEqual({ firstAt: s(15), firstProgress: 5, lastAt: s(15), lastProgress: 5 })
  })

  it('cuts a stall out of the rate: a job held for 5 minutes at 13% and let go is expected in seconds, not minutes', () => {
    // 13% one second after submission, held for 5 minutes, then moving at the same pace.
    const r = read([1, 13], [301, 13], [302, 26])
    const left = remainingMs(r, created, s(302))!
    expect(left).toBeLessThan(10_000)
    // Without the cut, 13 points in 301 s would leave 74 points: over 28 minutes.
    expect(left).toBeGreaterThan(0)
  })

  it('does not take a job a little slower than its first rate for a stalled one', () => {
    // 2% in 2 s, then 15 points in the next 19 s: slower, not stalled.
    const r = read([2, 2], [21, 17])
    expect(r.firstAt).toBe(s(2))
    expect(progressRate(r, created)).toBeCloseTo(15 / 19_000, 10)
  })

  it('counts as stalled only the silence longer than the job needs for a few points, and than a floor', () => {
    const slow = read([0.001, 0], [60, 10]) // 1% every 6 s: 3 points take 18 s
    expect(stalledForMs(slow, created, s(60 + 17))).toBe(0)
    expect(stalledForMs(slow, created, s(60 + 20))).toBeCloseTo(2000, -1)
    const fast = read([1, 10], [2, 20]) // 10% a second: the floor governs
    expect(stalledForMs(fast, created, s(2) + STALL_RULE.minMs - 1)).toBe(0)
    expect(stalledForMs(fast, created, s(2) + STALL_RULE.minMs + 500)).toBe(500)
  })
})
