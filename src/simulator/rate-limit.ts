// A real per-caller rate limit (token bucket), so clients meet 429 + Retry-After when
// they poll too hard, not only when faults are injected. Uses the monotonic clock: the
// injectable `now` of the service moves dates, not the flow of time.
import { performance } from 'node:perf_hooks'

export interface RateLimitConfig {
  /** Tokens added per second. */
  perSecond: number
  /** Bucket size: how many requests may arrive at once. */
  burst: number
}

/** Bursts of two seconds' worth: a client may catch up after a pause, not hammer for long. */
const BURST_SECONDS = 2

/** A limit of `perSecond` requests per second per caller, with the usual burst. */
export function rateLimitOf(perSecond: number): RateLimitConfig {
  return { perSecond, burst: Math.max(1, perSecond * BURST_SECONDS) }
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = rateLimitOf(20)

/** Refuses a limit under which no request could ever pass. */
export function checkRateLimit(config: RateLimitConfig): RateLimitConfig {
  const { perSecond, burst } = config
  if (!Number.isFinite(perSecond) || perSecond <= 0) throw new RangeError(`rateLimit.perSecond must be a positive number (got ${String(perSecond)})`)
  if (!Number.isFinite(burst) || burst < 1) throw new RangeError(`rateLimit.burst must be at least 1 (got ${String(burst)})`)
  return config
}

interface Bucket {
  tokens: number
  at: number
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(private readonly config: RateLimitConfig | null) {}

  /** null when the request may pass; else the seconds to wait (for Retry-After). */
  take(key: string): number | null {
    if (!this.config) return null
    const { perSecond, burst } = this.config
    const now = performance.now()
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond)
    bucket.at = now
    this.buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return null
    }
    if (this.buckets.size > 10_000) this.buckets.clear() // bounded memory under abuse
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond))
  }
}
