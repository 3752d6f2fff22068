// "Full jitter" exponential backoff: the wait is drawn uniformly from zero up
// to an exponentially growing ceiling, so many downloads failing together
// (a CDN hiccup) do not retry in lockstep.

export interface BackoffOptions {
  baseMs?: number
  capMs?: number
}

export const DEFAULT_BACKOFF = { baseMs: 500, capMs: 30_000 } as const

/** Delay before the next try after `failures` failures in a row (1 for the first). */
export function fullJitterDelay(failures: number, random: () => number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? DEFAULT_BACKOFF.baseMs
  const cap = options.capMs ?? DEFAULT_BACKOFF.capMs
  // The exponent is clamped so the power stays finite for long outages.
  const ceiling = Math.min(cap, base * 2 ** Math.min(Math.max(failures - 1, 0), 30))
  return Math.floor(random() * ceiling)
}
