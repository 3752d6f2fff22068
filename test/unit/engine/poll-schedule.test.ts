// When the engine next asks about a running job, on a fake clock: sparse while the job runs,
// dense near the end its rate predicts, capped while it stalls, slower with webhooks, and
// within "5 requests plus 1 per 10 s of job time" for a job with steady progress.
import { describe, expect, it } from 'vitest'
import type { JobStatus } from '../../../src/shared/api'
import {
  adaptiveSchedule, DEFAULT_POLL_POLICY as P, nextPollDelay, type PollSchedule
} from '../../../src/main/core/jobs/poll-schedule'

const noJitter = () => 0
const created = 1_000_000

interface Seen {
  status: JobStatus
  progress: number
}

/** A job of `durationMs` whose progress rises one point at a time after `queuedMs`, done at the end. */
function steadyJob(durationMs: number, queuedMs = 500) {
  const endAt = created + durationMs
  const at = (t: number): Seen => {
    if (t - created < queuedMs) return { status: 'QUEUED', progress: 0 }
    if (t >= endAt) return { status: 'COMPLETED', progress: 100 }
    return { status: 'PROCESSING', progress: Math.min(99, Math.floor((100 * (t - created - queuedMs)) / (durationMs - queuedMs))) }
  }
  return { endAt, at }
}

interface Look {
  at: number
  seen: Seen
  wait: number
}

/** Follows a job with a schedule on a fake clock, from its first look until it is seen ended. */
function follow(at: (t: number) => Seen, schedule: PollSchedule = adaptiveSchedule(P, noJitter)()): Look[] {
  const looks: Look[] = []
  let now = created + schedule({ status: 'QUEUED', progress: null, createdAt: created, now: created, webhooks: false, failed: false })
  for (let i = 0; i < 10_000; i++) {
    const seen = at(now)
    if (seen.status === 'COMPLETED') {
      looks.push({ at: now, seen, wait: 0 })
      return looks
    }
    const wait = schedule({ ...seen, createdAt: created, now, webhooks: false, failed: false })
    looks.push({ at: now, seen, wait })
    now += wait
  }
  throw new Error('never seen ended')
}

describe('poll schedule: steady progress', () => {
  // Lengths off any round number, so that no schedule meets the end by chance.
  it.each([20_370, 121_130, 600_910])('sees a %i ms job end within a second, for at most 5 requests plus 1 per 10 s', (duration) => {
    const job = steadyJob(duration)
    const looks = follow(job.at)
    const last = looks.at(-1)!
    expect(last.seen.status).toBe('COMPLETED')
    expect(last.at - job.endAt).toBeLessThanOrEqual(P.denseMs)
    expect(looks.length).toBeLessThanOrEqual(5 + duration / 10_000)
  })

  it('asks sparsely while the end is far and densely near it', () => {
    const job = steadyJob(600_000)
    const looks = follow(job.at)
    const far = looks.filter((l) => l.seen.status === 'PROCESSING' && job.endAt - l.at > 120_000)
    expect(far.length).toBeGreaterThan(5)
    // Once it moves, far from the end, a look every 10 to 20 s: not the once a second it takes near it.
    for (const l of far.filter((x) => x.seen.progress > 0)) expect(l.wait).toBeGreaterThanOrEqual(10_000)
    for (const l of far) expect(l.wait).toBeLessThanOrEqual(P.sparseMaxMs)
    const near = looks.filter((l) => l.seen.status === 'PROCESSING' && job.endAt - l.at < 5000)
    expect(near.length).toBeGreaterThan(0)
    for (const l of near) expect(l.wait).toBeLessThanOrEqual(P.denseMs + P.settleMs)
  })

  it('looks just after the expected end when it falls within the dense interval', () => {
    const readings = { firstAt: created + 10_000, firstProgress: 10, lastAt: created + 98_000, lastProgress: 98 }
    // 88 points in 88 s: 100% at +100 s. At +99.4 s, 0.6 s are left.
    const wait = nextPollDelay({ status: 'PROCESSING', readings, createdAt: created, now: created + 99_400, webhooks: false }, P, noJitter)
    expect(wait).toBe(600 + P.settleMs)
  })
})

describe('poll schedule: stalls, lateness and the cap', () => {
  /** Runs at 1% a second from +1 s, stops at 95% at +96 s until `resumeAt`, then goes on: done 5 s later. */
  const stalling = (resumeAt: number) => (t: number): Seen => {
    const s = t - created
    if (s < 1000) return { status: 'QUEUED', progress: 0 }
    if (s < 96_000) return { status: 'PROCESSING', progress: Math.floor((s - 1000) / 1000) }
    if (s < resumeAt) return { status: 'PROCESSING', progress: 95 }
    const after = s - resumeAt
    return after < 5000 ? { status: 'PROCESSING', progress: 95 + Math.floor(after / 1000) } : { status: 'COMPLETED', progress: 100 }
  }

  it('backs off to the cap while a job stalls, and never past it, so its end is seen within the cap', () => {
    for (const resumeAt of [150_000, 153_300, 156_600, 159_900, 400_000]) {
      const looks = follow(stalling(resumeAt))
      const stalled = looks.filter((l) => l.at - created > 120_000 && l.at - created < resumeAt)
      expect(stalled.length).toBeGreaterThan(2)
      for (const l of stalled) expect(l.wait).toBe(P.stallCapMs)
      for (const l of looks) expect(l.wait).toBeLessThanOrEqual(P.sparseMaxMs)
      expect(looks.at(-1)!.at - (created + resumeAt + 5000)).toBeLessThanOrEqual(P.stallCapMs)
    }
  })

  it('costs no more than about one request per cap while stalled, not one a second', () => {
    const looks = follow(stalling(400_000))
    const during = looks.filter((l) => l.at - created > 120_000 && l.at - created < 400_000)
    expect(during.length).toBeLessThanOrEqual(Math.ceil(280_000 / P.stallCapMs) + 1)
  })

  it('backs off to the cap when a job stalls early, while its shifted end is still ahead', () => {
    // 0% to 50% in 3 s, then held: the end its rate predicts moves on with the stall, so it
    // stays a few seconds ahead for as long as the job is held.
    const early = (resumeAt: number) => (t: number): Seen => {
      const s = t - created
      if (s < 1000) return { status: 'QUEUED', progress: 0 }
      if (s < 4000) return { status: 'PROCESSING', progress: Math.floor((s - 1000) / 60) }
      if (s < resumeAt) return { status: 'PROCESSING', progress: 50 }
      return { status: 'COMPLETED', progress: 100 }
    }
    const looks = follow(early(300_000))
    const held = looks.filter((l) => l.at - created > 20_000 && l.at - created < 300_000)
    expect(held.length).toBeGreaterThan(2)
    for (const l of held) expect(l.wait).toBe(P.stallCapMs)
    expect(looks.at(-1)!.at - (created + 300_000)).toBeLessThanOrEqual(P.stallCapMs)
  })

  it('grows the wait with lateness once the expected end has passed, up to the cap', () => {
    const readings = { firstAt: created + 1000, firstProgress: 1, lastAt: created + 20_000, lastProgress: 96 }
    const end = created + 20_000 + (4 * 19_000) / 95
    const late = (ms: number) => nextPollDelay({ status: 'PROCESSING', readings, createdAt: created, now: end + ms, webhooks: false }, P, noJitter)
    expect(late(100)).toBe(P.denseMs)
    expect(late(4000)).toBeGreaterThan(P.denseMs)
    expect(late(4000)).toBeLessThan(P.stallCapMs)
    expect(late(60_000)).toBe(P.stallCapMs)
  })

  it('waits for a queued job with its age, up to the cap', () => {
    const queued = (age: number) => nextPollDelay({ status: 'QUEUED', readings: undefined, createdAt: created, now: created + age, webhooks: false }, P, noJitter)
    expect(queued(0)).toBe(P.firstMs)
    expect(queued(8000)).toBeGreaterThan(P.firstMs)
    expect(queued(3_600_000)).toBe(P.stallCapMs)
  })

  it('doubles the wait after each failed look, up to the cap, and starts over once a look succeeds', () => {
    const schedule = adaptiveSchedule(P, noJitter)()
    const look = (failed: boolean) => schedule({ status: 'QUEUED', progress: 0, createdAt: created, now: created, webhooks: false, failed })
    expect([look(true), look(true), look(true), look(true), look(true)]).toEqual([P.firstMs, 2 * P.firstMs, 4 * P.firstMs, P.stallCapMs, P.stallCapMs])
    expect(look(false)).toBe(P.firstMs)
  })
})

describe('poll schedule: webhooks and jitter', () => {
  it('asks far less often with webhooks on: polling is then only the safety net', () => {
    const state = { status: 'QUEUED' as const, readings: undefined, createdAt: created, now: created }
    expect(nextPollDelay({ ...state, webhooks: true }, P, noJitter)).toBe(P.webhookFactor * nextPollDelay({ ...state, webhooks: false }, P, noJitter))
  })

  it('only shortens a wait, so jobs spread out and the cap stays a cap', () => {
    const waits = [0, 0.5, 1].map((r) => nextPollDelay({ status: 'QUEUED', readings: undefined, createdAt: created, now: created + 3_600_000, webhooks: false }, P, () => r))
    expect(new Set(waits).size).toBe(3)
    for (const w of waits) expect(w).toBeLessThanOrEqual(P.stallCapMs)
  })
})
