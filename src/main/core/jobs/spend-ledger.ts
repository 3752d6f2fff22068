// What the app's jobs have taken of the spending limits, counted from the journal, so a
// restart finds the same sums: a job counts from the moment it is journaled (before it is
// sent), at its estimate until the service says its `creditCost`, and not at all once it
// ended FAILED or CANCELLED (the service refunds it) or was refused. Days and months are
// the computer's local ones: a job counts on the day it was sent, in the time zone the
// computer is set to then.
import { estimateCost, parseGenerationRequest } from '../../../shared/api'
import type { SpendLimits, SpendStanding } from '../../../shared/app/spend-limits'
import type { JobRecord } from './job-record'

/** Local midnight at the start of the day `now` falls in. */
export function localDayStart(now: number): number {
  const d = new Date(now)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

/** Local midnight at the start of the 1st of the month `now` falls in. */
export function localMonthStart(now: number): number {
  const d = new Date(now)
  d.setDate(1)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

/**
 * What a request is expected to cost, as main can price it: the page's estimate, except
 * that U1's input is taken as 1 MP (main does not measure it); 0 for a request that is not
 * valid, which is refused before anything is sent.
 */
export function estimatedCredits(request: Record<string, unknown>): number {
  const parsed = parseGenerationRequest(request)
  return parsed.ok ? estimateCost(parsed.model, parsed.request).credits : 0
}

/** What one journal record takes of the limits now. */
export function countedCredits(r: JobRecord): number {
  // Jobs from elsewhere (another device, the team) are not this app's sends.
  if (r.origin !== 'app' || r.submission === 'rejected') return 0
  if (r.status === 'FAILED' || r.status === 'CANCELLED') return 0
  if (r.creditCost !== null) return Math.max(0, r.creditCost)
  // A legacy job's price is written with it; a legacy model with no price costs nothing.
  return r.kind === 'legacy' ? 0 : estimatedCredits(r.request)
}

/** Credits of the records sent at or after `since` (ms). */
export function spentSince(records: Iterable<JobRecord>, since: number): number {
  let sum = 0
  for (const r of records) {
    const at = Date.parse(r.createdAt)
    if (Number.isFinite(at) && at >= since) sum += countedCredits(r)
  }
  return sum
}

/** The limits with today's and this month's sums, plus `held` credits on their way to the journal. */
export function standingOf(records: readonly JobRecord[], limits: SpendLimits, now: number, held = 0): SpendStanding {
  return {
    ...limits,
    spentToday: spentSince(records, localDayStart(now)) + held,
    spentThisMonth: spentSince(records, localMonthStart(now)) + held
  }
}
