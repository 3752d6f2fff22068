// When to next ask about a running job, from its progress and the end its rate predicts
// (src/shared/app/progress-rate.ts, the same estimate the page shows as "time left"):
// - sparse while the end is far: at most `sparseMaxMs`, then straight to the dense window
//   less the estimate's margin of error, so a ten-minute job costs a few dozen requests,
//   not hundreds;
// - dense near the expected end: every `denseMs` from a point of progress before it to as
//   long after, and once just after the end itself;
// - late, or with nothing to go by (queued, no progress yet): backing off with the time
//   waited, up to `stallCapMs`;
// - stalled (progress silent for longer than its rate explains): every `stallCapMs`, a
//   cap kept low enough that a stalled job that finishes is seen within seconds.
// With webhooks on, news comes by itself and polling is only the safety net: every wait is
// `webhookFactor` times longer. Jitter only shortens a wait, so a cap stays a cap.
import type { JobStatus } from '../../../shared/api'
import { expectedEndAt, noteReading, progressRate, stalledForMs, STALL_RULE, type ProgressReadings, type StallRule } from '../../../shared/app/progress-rate'

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
  /** With a single reading (a guess), wait this share of the time left, at most the cap. */
  leadShare: number
  /** The estimate of the time left may be off by this share of it, at least. */
  errorShare: number
  /** Late or without an estimate, wait this share of how late it is (or of its age). */
  lateShare: number
  /** The dense window opens this many points of progress before the expected end, and stays open as long after it (at least `denseMs` each way). */
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
  leadShare: 0.75,
  errorShare: 0.1,
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
 * The wait while the end is ahead: straight to the moment the dense window opens, less
 * the estimate's margin of error (see `errorShare`), at most `sparseMaxMs`; inside the
 * window every `denseMs`; and once just after the end when it is nearer than that.
 */
function approach(left: number, window: number, margin: number, p: PollPolicy): number {
  if (left <= p.denseMs) return left + p.settleMs
  return clamp(left - window - margin, p.denseMs, p.sparseMaxMs)
}

/** The wait by the job's progress alone, before webhooks and jitter. */
function progressDelay(s: PollState, p: PollPolicy = DEFAULT_POLL_POLICY): number {
  const untimed = () => clamp((s.now - s.createdAt) * p.lateShare, p.firstMs, p.stallCapMs)
  if (s.status !== 'PROCESSING' || !s.readings) return untimed()
  const end = expectedEndAt(s.readings, s.createdAt)
  const rate = progressRate(s.readings, s.createdAt)
  if (end === null || rate === null) return untimed()
  // A stall's time does not bring the end nearer: the expected end moves on with it.
  const stalledMs = stalledForMs(s.readings, s.createdAt, s.now, p.stall)
  const stalled = stalledMs > 0
  const left = end + stalledMs - s.now
  // The dense window stays open for as long after the expected end as before it: the end
  // is known only to a point of progress, and a job's last step (saving its outputs) is
  // often longer than the others.
  const window = Math.max(p.denseMs, p.windowPoints / rate)
  if (left <= 0) return stalled ? p.stallCapMs : clamp((-left - window) * p.lateShare, p.denseMs, p.stallCapMs)
  // A rate from a single reading counts the queue (and the submission) as running time,
  // so it can be several times too slow: it is only a guess, looked at again within the
  // cap, never polled densely. A rate of moving readings is trusted.
  const moved = s.readings.lastProgress > s.readings.firstProgress
  if (!moved) return stalled ? p.stallCapMs : clamp(left * p.leadShare, p.firstMs, p.stallCapMs)
  // Two points of progress are uncertain in what was gained (one at each end of the run);
  // early on, that is most of it, and then half the way is the margin.
  const gained = s.readings.lastProgress - s.readings.firstProgress
  const margin = left * clamp(2 / gained, p.errorShare, 0.5)
  // Stalled, the end it predicts moves on with the silence and stays the same way ahead:
  // looking by it would ask every few seconds for as long as the job is held. Only the cap
  // says when a held job that is let go will be seen.
  return stalled ? p.stallCapMs : approach(left, window, margin, p)
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
