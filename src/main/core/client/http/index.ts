// The service's HTTP layer: a retrying undici client and the typed errors it throws.
export { HttpClient } from './http-client'
export type { HttpClientOptions, RetryInfo } from './types'
export {
  ApiError,
  AuthError,
  ConflictError,
  ForbiddenError,
  InsufficientCreditsError,
  LegacyApiError,
  NetworkError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServerError,
  UnsupportedTypeError,
  ValidationApiError,
  toUserMessage
} from './errors'
export { errorFromResponse } from './error-response'
export { parseRetryAfter } from './retry-after'
