// The shapes HttpClient takes and returns.
import type { Dispatcher, FormData as UndiciFormData } from 'undici'
import type { ApiError } from './errors'

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Waits `ms`; rejects when `signal` aborts. Injectable so tests record delays instead of waiting. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number
  delayMs: number
  error: ApiError
  /** "METHOD /path". */
  route: string
}

export interface HttpClientOptions {
  /** The service's base URL; it may carry a path prefix (the legacy endpoint's `/legacy`). */
  baseUrl: string
  /**
   * Auth headers, asked for on every attempt. A callback rather than a value so the
   * key is never a field of the client, which may end up in a log.
   */
  headers?: () => Record<string, string>
  /** Limit for each attempt, from sending to the end of the body. Default 30 s. */
  timeoutMs?: number
  /** Retries after the first attempt. Default 5. */
  maxRetries?: number
  /** Backoff ceiling of the first retry. Default 500 ms. */
  baseDelayMs?: number
  /** Largest backoff ceiling. Default 20 s. */
  capDelayMs?: number
  /** Longest wait a Retry-After header may impose. Default 60 s. */
  maxRetryAfterMs?: number
  random?: () => number
  sleep?: Sleep
  /** Connection pool to use; by default the client makes (and closes) its own keep-alive Agent. */
  dispatcher?: Dispatcher
  /** Told of every retry before its wait; for logs and progress. */
  onRetry?: (info: RetryInfo) => void
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined

/** A raw body; `contentType` is required because the client cannot guess it. */
export interface BytesBody {
  bytes: Uint8Array
  contentType: string
}

export interface HttpRequest<T> {
  method: HttpMethod
  /** Path below the base URL, e.g. `/v2/jobs/123`. */
  path: string
  /** Null and undefined values are left out; arrays are sent comma-separated (`status=QUEUED,PROCESSING`). */
  query?: Readonly<Record<string, QueryValue>>
  /** Sent as JSON. Mutually exclusive with `body`. */
  json?: unknown
  /** Multipart (Node's global FormData or undici's; the boundary is set for you) or raw bytes. */
  body?: FormData | UndiciFormData | BytesBody
  headers?: Record<string, string>
  /** Sent as `Idempotency-Key`; makes a POST, PATCH or DELETE safe to retry. */
  idempotencyKey?: string
  /** Statuses that count as success; default any 2xx. */
  expectStatus?: readonly number[]
  /** Validates the JSON of a success body (a zod schema's `parse`). Without it `data` is unchecked. */
  parse?: (value: unknown) => T
  signal?: AbortSignal
  /** Overrides the client's per-attempt timeout (large uploads). */
  timeoutMs?: number
  /** The response comes from the legacy endpoint, whose error bodies differ. */
  legacy?: boolean
}

export interface HttpResponse<T> {
  status: number
  /** Undefined for 204 and empty bodies. */
  data: T
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>
}
