// How many credits a failed or cancelled job gave back. The service refunds what it
// reserved at submission; when the job view does not carry the charge (a job cancelled
// before the service reported it), it is the request's price, by the service's own
// pricing function. An upscale's price depends on an input size not kept here: unknown.
import { estimateCost, parseGenerationRequest } from '../../../shared/api'
import type { JobView } from '../../../shared/app/views'
import { refunded } from './job-status'

export function refundOf(job: JobView): number | null {
  if (!refunded(job)) return null
  if (job.creditCost !== null) return job.creditCost
  const parsed = parseGenerationRequest(job.request)
  if (!parsed.ok || parsed.model.pricing.mode === 'per-megapixel') return null
  return estimateCost(parsed.model, parsed.request).credits
}
