// Whether the team can pay for a priced request. The service reserves the whole cost at
// submission and answers 402 when the credits are short, so such a request is not sent.
import type { Estimate } from './use-estimate'

export interface Shortfall {
  cost: number
  credits: number
}

/** The cost and the balance when the cost is more than the balance; else null. */
export function shortfall(estimate: Estimate, credits: number | null): Shortfall | null {
  if (estimate.state !== 'ready' || estimate.credits === null || credits === null) return null
  return estimate.credits > credits ? { cost: estimate.credits, credits } : null
}
