// Which failures are repeated, and after how long.
import { backoffDelay } from '../../backoff'
import { ApiError, NetworkError, RateLimitedError, ServerError } from './errors'
import type { HttpMethod } from './types'

const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD'])

/**
 * Whether repeating the request cannot cause a second effect. A POST, PATCH or DELETE
 * qualifies only with an Idempotency-Key, since the service may have acted on the
 * first attempt even when its answer was lost.
 */
export function isRepeatable(method: HttpMethod, idempotencyKey: string | undefined): boolean {
  return SAFE_METHODS.has(method) || (idempotencyKey !== undefined && idempotencyKey !== '')
}

export function shouldRetry(err: unknown, repeatable: boolean): boolean {
  if (!(err instanceof ApiError) || !err.retryable) return false
  if (repeatable) return true
  // A connection that was never made carried nothing, so even a plain POST may try again.
  return err instanceof NetworkError && !err.requestSent
}

export interface RetryDelayOptions {
  baseDelayMs: number
  capDelayMs: number
  maxRetryAfterMs: number
  random?: () => number
}

/** The service's Retry-After when it gave one (capped), else full-jitter backoff. */
export function retryDelayMs(err: unknown, attempt: number, options: RetryDelayOptions): number {
  if (err instanceof RateLimitedError || err instanceof ServerError) {
    if (err.retryAfterMs !== undefined) return Math.min(err.retryAfterMs, options.maxRetryAfterMs)
  }
  return backoffDelay(attempt, { baseMs: options.baseDelayMs, capMs: options.capDelayMs, random: options.random })
}
