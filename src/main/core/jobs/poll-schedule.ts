// When to next ask about a running job, from its progress and the end its rate predicts
// (src/shared/app/progress-rate.ts, the same estimate the page shows as "time left"):
// - sparse while the end is far: a share of the time until the dense window, at most
//   `sparseMaxMs`, so a ten-minute job costs a few dozen requests, not hundreds;
// - dense near the expected end: every `denseMs`, and once just after the end itself;
// - late, or with nothing to go by (queued, no progress yet): backing off with the time
//   waited, up to `stallCapMs`;
// - stalled (progress silent for longer than its rate explains): every `stallCapMs`, a
//   cap kept low enough that a stalled job that finishes is seen within seconds.
// With webhooks on, news comes by itself and polling is only the safety net: every wait is
// `webhookFactor` times longer. Jitter only shortens a wait, so a cap stays a cap.
import type { JobStatus } from '../../../shared/api'
import { expectedEndAt, isStalled, noteReading, progressRate, STALL_RULE, type ProgressReadings, type StallRule } from '../../../shared/app/progress-rate'

export interface PollPolicy {
  /** The first look at a new job, and the shortest wait while nothing says when it ends. */
  firstMs: number
  /** How often to look inside the dense window before the expected end. */
  denseMs: number
  /** How long after the expected end to look, when it falls within `denseMs`. */
  settleMs: number
  /** The longest wait while a job moves on schedule. */
  sparseMaxMs: number
  /** The longest wait while a job stalls, is late, or says nothing of its end. */
  stallCapMs: number
  /** While the end is far, wait this share of the time until the dense window. */
  leadShare: number
  /** Late or without an estimate, wait this share of how late it is (or of its age). */
  lateShare: number
  /** The dense window opens this many points of progress before the expected end (at least two dense waits). */
  windowPoints: number
  stall: StallRule
  /** Multiplier applied to every wait when webhooks deliver the news. */
  webhookFactor: number
  /** Waits are shortened by up to this share, at random, so jobs do not move in lockstep. */
  jitter: number
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  firstMs: 1500,
  denseMs: 1000,
  settleMs: 250,
  sparseMaxMs: 20_000,
  stallCapMs: 9000,
  leadShare: 0.5,
  lateShare: 0.5,
  windowPoints: 1,
  stall: STALL_RULE,
  webhookFactor: 8,
  jitter: 0.05
}

/** The policy with every duration multiplied by `factor` (the benchmark runs in scaled time). */
export function scalePolicy(p: PollPolicy, factor: number): PollPolicy {
  const ms = (v: number) => v * factor
  return {
    ...p,
    firstMs: ms(p.firstMs), denseMs: ms(p.denseMs), settleMs: ms(p.settleMs), sparseMaxMs: ms(p.sparseMaxMs),
    stallCapMs: ms(p.stallCapMs), stall: { ...p.stall, minMs: ms(p.stall.minMs) }
  }
}

/** What the schedule knows of a job when it is asked. */
export interface PollState {
  status: JobStatus | null
  /** Its progress readings since it was first seen PROCESSING (none before). */
  readings: ProgressReadings | undefined
  /** When it was submitted (epoch ms): progress 0%. */
  createdAt: number
  now: number
  webhooks: boolean
  /** Polls in a row that failed (network, server): each doubles the wait, up to the cap. */
  failures?: number
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/**
 * How long until a look just before the dense window opens: a share of the way there, so
 * a wrong estimate is corrected on the way; the rest in one step once it is short.
 */
function approach(left: number, window: number, p: PollPolicy): number {
  if (left <= p.denseMs) return left + p.settleMs
  if (left <= window) return p.denseMs
  const gap = left - window
  const share = gap * p.leadShare
  return Math.min(p.sparseMaxMs, share >= p.denseMs ? share : Math.max(p.denseMs, gap))
}

/** The wait by the job's progress alone, before webhooks and jitter. */
export function progressDelay(s: PollState, p: PollPolicy = DEFAULT_POLL_POLICY): number {
  const untimed = () => clamp((s.now - s.createdAt) * p.lateShare, p.firstMs, p.stallCapMs)
  if (s.status !== 'PROCESSING' || !s.readings) return untimed()
  const end = expectedEndAt(s.readings, s.createdAt)
  const rate = progressRate(s.readings, s.createdAt)
  if (end === null || rate === null) return untimed()
  const stalled = isStalled(s.readings, s.createdAt, s.now, p.stall)
  const left = end - s.now
  if (left <= 0) return stalled ? p.stallCapMs : clamp(-left * p.lateShare, p.denseMs, p.stallCapMs)
  // A rate seen over a single reading counts the queue as running time and is a guess:
  // it is approached, never polled densely. A rate of moving readings is trusted.
  const moved = s.readings.lastProgress > s.readings.firstProgress
  if (!moved) return stalled ? p.stallCapMs : clamp(left * p.leadShare, p.firstMs, p.sparseMaxMs)
  const ahead = approach(left, Math.max(p.denseMs, p.windowPoints / rate), p)
  return stalled ? Math.min(ahead, p.stallCapMs) : ahead
}

/** The wait until the next look at a job, in milliseconds. */
export function nextPollDelay(s: PollState, policy: PollPolicy = DEFAULT_POLL_POLICY, random: () => number = Math.random): number {
  const failures = s.failures ?? 0
  const base = failures > 0 ? Math.min(policy.stallCapMs, policy.firstMs * 2 ** (failures - 1)) : progressDelay(s, policy)
  const scaled = s.webhooks ? base * policy.webhookFactor : base
  return Math.round(scaled * (1 - policy.jitter * random()))
}

/** What one look at a job found, or that it failed (network, server, rate limit). */
export interface Sighting {
  status: JobStatus | null
  progress: number | null
  createdAt: number
  now: number
  webhooks: boolean
  failed: boolean
}

/** One job's schedule: what was just seen of it → the wait until the next look. */
export type PollSchedule = (seen: Sighting) => number

/** Makes a schedule for each job the tracker starts to follow (a schedule keeps that job's readings). */
export type ScheduleFactory = () => PollSchedule

export function adaptiveSchedule(policy: PollPolicy = DEFAULT_POLL_POLICY, random: () => number = Math.random): ScheduleFactory {
  return () => {
    let readings: ProgressReadings | undefined
    let failures = 0
    return (seen) => {
      failures = seen.failed ? failures + 1 : 0
      if (!seen.failed && seen.status === 'PROCESSING' && seen.progress !== null) {
        readings = noteReading(readings, seen.progress, seen.now, seen.createdAt, policy.stall)
      }
      return nextPollDelay({ ...seen, readings, failures }, policy, random)
    }
  }
}
