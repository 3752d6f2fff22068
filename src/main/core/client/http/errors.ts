// The errors the HTTP layer throws. Each message is written for the person using
// the app, and none carries a credential: the client builds them from redacted
// text only, and keeps no request headers on them.

export type ApiErrorCode =
  | 'validation'
  | 'insufficient_credits'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_type'
  | 'rate_limited'
  | 'server_error'
  | 'network'
  | 'legacy'
  | 'bad_response'
  | 'unexpected_status'
  | 'request_failed'

export interface ApiErrorInit {
  /** HTTP status, or 0 when no response arrived. */
  status: number
  code: ApiErrorCode
  message: string
  retryable: boolean
  /** The service's own error text (already redacted), when it sent one. */
  serviceMessage?: string
  cause?: unknown
}

export class ApiError extends Error {
  readonly status: number
  readonly code: ApiErrorCode
  /** True when the failure is transient; whether a request is repeated also depends on its method. */
  readonly retryable: boolean
  readonly serviceMessage: string | undefined
  /** "METHOD /path" of the request that failed, filled in by the client. */
  route: string | undefined

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.retryable = init.retryable
    this.serviceMessage = init.serviceMessage
    this.route = undefined
  }

  /** A log-friendly shape; Error's own message is not enumerable, so JSON.stringify would drop it. */
  toJSON(): Record<string, unknown> {
    return { ...Object.fromEntries(Object.entries(this)), name: this.name, message: this.message }
  }
}

function withDetail(base: string, detail: string | undefined): string {
  return detail ? `${base}: ${detail}` : base
}

// `$` is the service's key for the whole body.
function fieldLabel(path: string): string {
  return path === '$' || path === '' ? 'request body' : path
}

const MAX_FIELDS_IN_MESSAGE = 10

export class ValidationApiError extends ApiError {
  /** JSON path of the request body → the service's messages about it. */
  readonly details: Record<string, string[]>

  constructor(details: Record<string, string[]>, serviceMessage?: string, status = 400) {
    const fields = Object.entries(details).filter(([, messages]) => messages.length > 0)
    const listed = fields
      .slice(0, MAX_FIELDS_IN_MESSAGE)
      .map(([path, messages]) => `${fieldLabel(path)}: ${messages.join(', ')}`)
    if (fields.length > MAX_FIELDS_IN_MESSAGE) listed.push(`and ${fields.length - MAX_FIELDS_IN_MESSAGE} more`)
    const message =
      listed.length > 0
        ? `Invalid request: ${listed.join('; ')}`
        : withDetail('Invalid request', serviceMessage ?? 'the service rejected it')
    super({ status, code: 'validation', message, retryable: false, serviceMessage })
    this.name = 'ValidationApiError'
    this.details = details
  }
}

export class InsufficientCreditsError extends ApiError {
  readonly required: number | undefined
  readonly available: number | undefined

  constructor(required?: number, available?: number, serviceMessage?: string) {
    const message =
      required !== undefined && available !== undefined
        ? `Not enough credits: this needs ${required}, you have ${available}`
        : 'Not enough credits for this request'
    super({ status: 402, code: 'insufficient_credits', message, retryable: false, serviceMessage })
    this.name = 'InsufficientCreditsError'
    this.required = required
    this.available = available
  }
}

export class AuthError extends ApiError {
  constructor(serviceMessage?: string) {
    // The service's text is kept aside, not shown: the fix is always the same (check the key in Settings).
    super({ status: 401, code: 'unauthorized', message: 'The API key was rejected by the service', retryable: false, serviceMessage })
    this.name = 'AuthError'
  }
}

export class ForbiddenError extends ApiError {
  constructor(serviceMessage?: string) {
    super({ status: 403, code: 'forbidden', message: withDetail('The service refused access', serviceMessage), retryable: false, serviceMessage })
    this.name = 'ForbiddenError'
  }
}

export class NotFoundError extends ApiError {
  constructor(serviceMessage?: string) {
    super({ status: 404, code: 'not_found', message: withDetail('Not found', serviceMessage), retryable: false, serviceMessage })
    this.name = 'NotFoundError'
  }
}

export class ConflictError extends ApiError {
  constructor(serviceMessage?: string) {
    const message = withDetail('The request conflicts with the current state', serviceMessage)
    super({ status: 409, code: 'conflict', message, retryable: false, serviceMessage })
    this.name = 'ConflictError'
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(serviceMessage?: string) {
    const message = withDetail('The file is too large for the service', serviceMessage)
    super({ status: 413, code: 'payload_too_large', message, retryable: false, serviceMessage })
    this.name = 'PayloadTooLargeError'
  }
}

export class UnsupportedTypeError extends ApiError {
  constructor(serviceMessage?: string) {
    const message = withDetail('The service does not accept this type of file', serviceMessage)
    super({ status: 415, code: 'unsupported_type', message, retryable: false, serviceMessage })
    this.name = 'UnsupportedTypeError'
  }
}

function waitPhrase(ms: number | undefined): string {
  if (ms === undefined) return 'try again shortly'
  return `try again in ${Math.max(1, Math.ceil(ms / 1000))} s`
}

export class RateLimitedError extends ApiError {
  /** The wait the service asked for (Retry-After), when it gave one. */
  readonly retryAfterMs: number | undefined

  constructor(retryAfterMs?: number, serviceMessage?: string) {
    const message = `The service is receiving too many requests; ${waitPhrase(retryAfterMs)}`
    super({ status: 429, code: 'rate_limited', message, retryable: true, serviceMessage })
    this.name = 'RateLimitedError'
    this.retryAfterMs = retryAfterMs
  }
}

export class ServerError extends ApiError {
  /** A 503 may say when to come back. */
  readonly retryAfterMs: number | undefined

  constructor(status: number, serviceMessage?: string, statusText?: string, retryAfterMs?: number) {
    const label = statusText ? `HTTP ${status} ${statusText}` : `HTTP ${status}`
    const message = withDetail(`The service had a problem (${label})`, serviceMessage)
    super({ status, code: 'server_error', message, retryable: true, serviceMessage })
    this.name = 'ServerError'
    this.retryAfterMs = retryAfterMs
  }
}

const NETWORK_MESSAGES: Record<string, string> = {
  ECONNREFUSED: 'Could not connect to the service (connection refused)',
  ECONNRESET: 'The connection to the service was reset',
  UND_ERR_SOCKET: 'The connection to the service was closed unexpectedly',
  EPIPE: 'The connection to the service was closed unexpectedly',
  ENOTFOUND: "The service's host name could not be found",
  EAI_AGAIN: "The service's host name could not be looked up (DNS is not answering)",
  EHOSTUNREACH: 'The service cannot be reached from this network',
  ENETUNREACH: 'The service cannot be reached: the network is down',
  UND_ERR_CONNECT_TIMEOUT: 'Connecting to the service took too long'
}

export interface NetworkErrorInit {
  /** The transport's error code (ECONNRESET, UND_ERR_SOCKET, …), or "timeout". */
  causeCode: string
  /** False when the failure came before any byte of the request left (so repeating it is always safe). */
  requestSent: boolean
  retryable: boolean
  timeoutMs?: number
  cause?: unknown
}

export class NetworkError extends ApiError {
  readonly causeCode: string
  readonly requestSent: boolean

  constructor(init: NetworkErrorInit) {
    const message =
      init.causeCode === 'timeout'
        ? `The service did not answer within ${Math.round((init.timeoutMs ?? 0) / 1000)} s`
        : (NETWORK_MESSAGES[init.causeCode] ?? `Could not reach the service (${init.causeCode})`)
    super({ status: 0, code: 'network', message, retryable: init.retryable, cause: init.cause })
    this.name = 'NetworkError'
    this.causeCode = init.causeCode
    this.requestSent = init.requestSent
  }
}

/** A 4xx of the legacy endpoint, whose body is `{errors: [{msg}]}`. */
export class LegacyApiError extends ApiError {
  readonly messages: string[]

  constructor(status: number, messages: string[]) {
    const message =
      messages.length > 0
        ? `The service rejected the request: ${messages.join('; ')}`
        : `The service rejected the request (HTTP ${status})`
    super({ status, code: 'legacy', message, retryable: false, serviceMessage: messages.join('; ') || undefined })
    this.name = 'LegacyApiError'
    this.messages = messages
  }
}

/** A sentence for the user from anything a request may throw. */
export function toUserMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message
  if (err instanceof Error || (typeof err === 'object' && err !== null && 'name' in err)) {
    const { name, message } = err as { name?: unknown; message?: unknown }
    if (name === 'AbortError') return 'The request was cancelled'
    if (name === 'TimeoutError') return 'The request timed out'
    if (typeof message === 'string' && message !== '') return message
  }
  if (typeof err === 'string' && err !== '') return err
  return 'Something went wrong while talking to the service'
}
