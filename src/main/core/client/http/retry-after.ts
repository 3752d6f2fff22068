// Retry timing: full-jitter exponential backoff and the Retry-After header.
//
// Full jitter (a uniformly random delay below an exponentially growing ceiling)
// spreads the retries of many clients that failed at the same moment, so a
// recovering service is not hit by synchronised waves.

export interface BackoffOptions {
  /** Ceiling of the first retry's delay, in ms. */
  baseMs: number
  /** Largest ceiling any retry may have, in ms. */
  capMs: number
  /** A source of numbers in [0, 1); injectable so tests are deterministic. */
  random?: () => number
}

/** The delay before retry number `attempt` (0 for the first retry): random(0, min(cap, base * 2^attempt)). */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const random = options.random ?? Math.random
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt))
  // Clamp the random value so a faulty source cannot produce a negative or over-cap delay.
  const r = Math.min(Math.max(random(), 0), 1)
  return Math.floor(r * Math.max(0, ceiling))
}

const DELAY_SECONDS = /^\s*(\d+(?:\.\d+)?)\s*$/

/**
 * The wait a Retry-After header asks for, in ms, or undefined when the header is
 * absent or unreadable. Accepts both forms of RFC 9110: delay-seconds ("120")
 * and an HTTP-date ("Wed, 21 Oct 2015 07:28:00 GMT"); a date in the past means 0.
 */
export function parseRetryAfter(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (header === null || header === undefined) return undefined
  const seconds = DELAY_SECONDS.exec(header)
  if (seconds?.[1] !== undefined) return Math.round(Number(seconds[1]) * 1000)
  // Date.parse accepts bare numbers and other odd strings; an HTTP-date always names a month or weekday.
  if (!/[a-z]/i.test(header)) return undefined
  const at = Date.parse(header)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}
