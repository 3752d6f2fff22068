// The errors the HTTP layer throws. Each message is written for the person using
// the app, and none carries a credential: the client builds them from redacted
// text only, and keeps no request headers on them.

import { tm } from '../../i18n/main-i18n'

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

/** The sentence alone, or with the service's detail after it. */
function withDetail(alone: () => string, detailed: (detail: string) => string, detail: string | undefined): string {
  return detail ? detailed(detail) : alone()
}

// `$` is the service's key for the whole body.
function fieldLabel(path: string): string {
  return path === '$' || path === '' ? tm('main:http.requestBody') : path
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
    if (fields.length > MAX_FIELDS_IN_MESSAGE) listed.push(tm('main:http.moreFields', { count: fields.length - MAX_FIELDS_IN_MESSAGE }))
    const message =
      listed.length > 0
        ? tm('main:http.invalid', { detail: listed.join('; ') })
        : serviceMessage ? tm('main:http.invalid', { detail: serviceMessage }) : tm('main:http.invalidRejected')
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
        ? tm('main:http.creditsNeeded', { required, available })
        : tm('main:http.credits')
    super({ status: 402, code: 'insufficient_credits', message, retryable: false, serviceMessage })
    this.name = 'InsufficientCreditsError'
    this.required = required
    this.available = available
  }
}

export class AuthError extends ApiError {
  constructor(serviceMessage?: string) {
    // The service's text is kept aside, not shown: the fix is always the same (check the key in Settings).
    super({ status: 401, code: 'unauthorized', message: tm('main:http.rejectedKey'), retryable: false, serviceMessage })
    this.name = 'AuthError'
  }
}

export class ForbiddenError extends ApiError {
  constructor(serviceMessage?: string) {
    const message = withDetail(() => tm('main:http.forbidden'), (detail) => tm('main:http.forbiddenDetail', { detail }), serviceMessage)
    super({ status: 403, code: 'forbidden', message, retryable: false, serviceMessage })
    this.name = 'ForbiddenError'
  }
}

export class NotFoundError extends ApiError {
  constructor(serviceMessage?: string) {
    const message = withDetail(() => tm('main:http.notFound'), (detail) => tm('main:http.notFoundDetail', { detail }), serviceMessage)
    super({ status: 404, code: 'not_found', message, retryable: false, serviceMessage })
    this.name = 'NotFoundError'
  }
}

export class ConflictError extends ApiError {
  constructor(serviceMessage?: string) {
    const message = withDetail(() => tm('main:http.conflict'), (detail) => tm('main:http.conflictDetail', { detail }), serviceMessage)
    super({ status: 409, code: 'conflict', message, retryable: false, serviceMessage })
    this.name = 'ConflictError'
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(serviceMessage?: string) {
    const message = withDetail(() => tm('main:http.tooLarge'), (detail) => tm('main:http.tooLargeDetail', { detail }), serviceMessage)
    super({ status: 413, code: 'payload_too_large', message, retryable: false, serviceMessage })
    this.name = 'PayloadTooLargeError'
  }
}

export class UnsupportedTypeError extends ApiError {
  constructor(serviceMessage?: string) {
    const message = withDetail(() => tm('main:http.unsupportedType'), (detail) => tm('main:http.unsupportedTypeDetail', { detail }), serviceMessage)
    super({ status: 415, code: 'unsupported_type', message, retryable: false, serviceMessage })
    this.name = 'UnsupportedTypeError'
  }
}


export class RateLimitedError extends ApiError {
  /** The wait the service asked for (Retry-After), when it gave one. */
  readonly retryAfterMs: number | undefined

  constructor(retryAfterMs?: number, serviceMessage?: string) {
    const message = retryAfterMs === undefined
      ? tm('main:http.rateLimited')
      : tm('main:http.rateLimitedFor', { seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) })
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
    const message = withDetail(() => tm('main:http.server', { label }), (detail) => tm('main:http.serverDetail', { label, detail }), serviceMessage)
    super({ status, code: 'server_error', message, retryable: true, serviceMessage })
    this.name = 'ServerError'
    this.retryAfterMs = retryAfterMs
  }
}

/** What each transport failure means for the user, in main's language. */
const NETWORK_MESSAGES: Record<string, () => string> = {
  ECONNREFUSED: () => tm('main:http.net.refused'),
  ECONNRESET: () => tm('main:http.net.reset'),
  UND_ERR_SOCKET: () => tm('main:http.net.closed'),
  EPIPE: () => tm('main:http.net.closed'),
  ENOTFOUND: () => tm('main:http.net.noHost'),
  EAI_AGAIN: () => tm('main:http.net.noDns'),
  EHOSTUNREACH: () => tm('main:http.net.hostUnreachable'),
  ENETUNREACH: () => tm('main:http.net.networkDown'),
  UND_ERR_CONNECT_TIMEOUT: () => tm('main:http.net.connectSlow')
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
        ? tm('main:http.net.timeout', { seconds: Math.round((init.timeoutMs ?? 0) / 1000) })
        : (NETWORK_MESSAGES[init.causeCode]?.() ?? tm('main:http.net.other', { code: init.causeCode }))
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
        ? tm('main:http.legacyRejected', { detail: messages.join('; ') })
        : tm('main:http.legacyRejectedStatus', { status })
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
    if (name === 'AbortError') return tm('main:http.cancelled')
    if (name === 'TimeoutError') return tm('main:http.timedOut')
    if (typeof message === 'string' && message !== '') return message
  }
  if (typeof err === 'string' && err !== '') return err
  return tm('main:http.talkFailed')
}
