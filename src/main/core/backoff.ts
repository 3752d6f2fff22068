// Retry timing shared by the service client and the downloads: full-jitter exponential
// backoff. Full jitter (a uniformly random delay below an exponentially growing ceiling)
// spreads the retries of many callers that failed at the same moment (a service hiccup,
// a CDN outage), so a recovering server is not hit by synchronised waves.

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
  // The exponent is clamped so the power stays finite (and base × power a number) in long outages.
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.min(Math.max(0, attempt), 30))
  // Clamp the random value so a faulty source cannot produce a negative or over-cap delay.
  const r = Math.min(Math.max(random(), 0), 1)
  return Math.floor(r * Math.max(0, ceiling))
}
