// How often to ask about a job: often while it is PROCESSING, less while QUEUED, backing
// off while nothing changes, with jitter so many jobs do not poll in lockstep. When
// webhooks are on, polling is only the safety net and runs much slower.
import type { JobStatus } from '../../../shared/api'

export interface PollPolicy {
  processingMs: number
  queuedMs: number
  maxMs: number
  /** Multiplier applied to every interval when webhooks deliver the news. */
  webhookFactor: number
  jitter: number
}

export const DEFAULT_POLL_POLICY: PollPolicy = {
  processingMs: 1000,
  queuedMs: 2500,
  maxMs: 15_000,
  webhookFactor: 8,
  jitter: 0.2
}

export function nextPollDelay(opts: {
  status: JobStatus | null
  unchangedPolls: number
  webhooks: boolean
  policy?: PollPolicy
  random?: () => number
}): number {
  const p = opts.policy ?? DEFAULT_POLL_POLICY
  const base = opts.status === 'PROCESSING' ? p.processingMs : p.queuedMs
  const grown = Math.min(p.maxMs, base * Math.pow(1.5, Math.min(opts.unchangedPolls, 10)))
  const scaled = opts.webhooks ? Math.min(p.maxMs * p.webhookFactor, grown * p.webhookFactor) : grown
  const r = (opts.random ?? Math.random)()
  return Math.round(scaled * (1 - p.jitter + 2 * p.jitter * r))
}
