// Injected faults, so a client's retry, resume and failure paths can be exercised:
// server errors, rate limits, connection resets, truncated downloads, slow answers and
// failing jobs. Rolls come from a seeded generator when `seed` is set, so a run can be
// replayed. Faults never corrupt state: a 500 or reset on a request that changes state
// happens either before anything changed or after the change was saved, as both do in
// real life (`failurePhase`).
import { z } from 'zod'

export interface FaultConfig {
  /** Share of requests answered 500. */
  error500Rate: number
  /** Share of requests answered 429 with `Retry-After: 1`. */
  rateLimitRate: number
  /** Share of requests whose connection is destroyed without an answer. */
  resetRate: number
  /** Share of CDN downloads cut short after the headers (with the full Content-Length). */
  truncateRate: number
  /** Delay before answering any request. */
  slowMs: number
  /** Share of jobs that end FAILED. */
  jobFailRate: number
  /** When a 500 or reset hits a state-changing request: before the change, after it was saved, or either. */
  failurePhase: 'before' | 'after' | 'random'
  /** Seed of the fault rolls; null uses Math.random. */
  seed: number | null
}

export const NO_FAULTS: FaultConfig = {
  error500Rate: 0, rateLimitRate: 0, resetRate: 0, truncateRate: 0, slowMs: 0, jobFailRate: 0,
  failurePhase: 'random', seed: null
}

const rate = z.number().min(0, 'Must be at least 0').max(1, 'Must be at most 1')

/** A change of some fault settings (`POST /_sim/faults`, `sim.setFaults`). */
export const faultPatchSchema = z.strictObject({
  error500Rate: rate,
  rateLimitRate: rate,
  resetRate: rate,
  truncateRate: rate,
  slowMs: z.number().int('Must be a whole number').min(0).max(120_000),
  jobFailRate: rate,
  failurePhase: z.enum(['before', 'after', 'random']),
  seed: z.number().int().nullable()
}).partial()
export type FaultPatch = z.infer<typeof faultPatchSchema>

export interface FaultDecision {
  slowMs: number
  action: 'reset' | '500' | '429' | null
  /** For a state-changing request: apply `action` after the handler has saved its change. */
  after: boolean
  truncate: boolean
}

/** mulberry32: tiny and good enough for fault rolls. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class FaultInjector {
  private current: FaultConfig
  private random: () => number

  constructor(initial: FaultPatch = {}) {
    this.current = { ...NO_FAULTS, ...faultPatchSchema.parse(initial) }
    this.random = this.makeRandom()
  }

  get config(): FaultConfig {
    return { ...this.current }
  }

  set(patch: FaultPatch): FaultConfig {
    const parsed = faultPatchSchema.parse(patch)
    this.current = { ...this.current, ...parsed }
    if (parsed.seed !== undefined) this.random = this.makeRandom()
    return this.config
  }

  private makeRandom(): () => number {
    return this.current.seed === null ? Math.random : seeded(this.current.seed)
  }

  private roll(rate: number): boolean {
    return rate > 0 && this.random() < rate
  }

  /** What happens to one request. `mutating`: it may change state; `download`: a CDN file. */
  decide(mutating: boolean, download: boolean): FaultDecision {
    const c = this.current
    let action: FaultDecision['action'] = null
    if (this.roll(c.resetRate)) action = 'reset'
    else if (this.roll(c.error500Rate)) action = '500'
    else if (this.roll(c.rateLimitRate)) action = '429'
    let after = false
    if (mutating && (action === 'reset' || action === '500')) {
      after = c.failurePhase === 'after' || (c.failurePhase === 'random' && this.random() < 0.5)
    }
    const truncate = download && action === null && this.roll(c.truncateRate)
    return { slowMs: c.slowMs, action, after, truncate }
  }

  /** Whether a new job is fated to fail. */
  jobFails(): boolean {
    return this.roll(this.current.jobFailRate)
  }
}
