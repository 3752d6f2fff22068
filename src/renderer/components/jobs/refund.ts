// How many credits a failed or cancelled job gave back. The service refunds what it
// reserved at submission; when the job view does not carry the charge (a job cancelled
// before the service reported it), it is the request's price, by the service's own
// pricing function. An upscale's price depends on an input size not kept here: unknown.
import { estimateCost, parseGenerationRequest } from '../../../shared/api'
import type { JobView } from '../../../shared/app/views'
import { refunded } from './job-status'

/** The request's price by the service's pricing function; null where it needs the input's size. */
function priceOf(job: JobView): number | null {
  const parsed = parseGenerationRequest(job.request)
  if (!parsed.ok || parsed.model.pricing.mode === 'per-megapixel') return null
  return estimateCost(parsed.model, parsed.request).credits
}

export function refundOf(job: JobView): number | null {
  if (!refunded(job)) return null
  return job.creditCost ?? priceOf(job)
}

/**
 * What a job the service took has been charged: the service reserves the price at
 * submission, but a job followed by webhooks may not report `creditCost` until it ends.
 * Null for a submission the service has not taken (nothing charged) and where the price
 * depends on an input size the page does not keep.
 */
export function chargeOf(job: JobView): number | null {
  if (job.creditCost !== null) return job.creditCost
  return job.submission === 'accepted' && job.kind !== 'legacy' ? priceOf(job) : null
}
