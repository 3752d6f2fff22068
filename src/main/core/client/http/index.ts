// The service's HTTP layer: a retrying undici client and the typed errors it throws.
export { HttpClient } from './http-client'
export type {
  BytesBody,
  HttpClientOptions,
  HttpMethod,
  HttpRequest,
  HttpResponse,
  QueryValue,
  RetryInfo,
  Sleep
} from './types'
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
export type { ApiErrorCode, ApiErrorInit, NetworkErrorInit } from './errors'
export { errorFromResponse, bodySnippet } from './error-response'
export type { ErrorFromResponseOptions, ResponseHeaders } from './error-response'
export { parseRetryAfter } from './retry-after'
export { isRepeatable } from './retry-policy'
