// Turns what undici or Node throws (a socket error, an abort) into a typed error.
//
// The original error is not kept as `cause`: undici errors hold sockets and
// request state, and a message could quote a header. The cause is a fresh Error
// carrying only the code and the redacted message.
import { ApiError, NetworkError } from './errors'
import type { Redactor } from './redact'
import { tm } from '../../i18n/main-i18n'

// Failures before the connection exists: nothing was sent, so any request may be repeated.
const CONNECT_PHASE = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND'
])

// Failures that may go away on their own. ENOTFOUND is left out: an unknown host is a setting to fix.
const TRANSIENT = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH'
])

const NETWORK_CODES = new Set([...CONNECT_PHASE, ...TRANSIENT])

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}

/** The error code of a transport failure, looking through `cause` and AggregateError (happy-eyeballs connects). */
export function transportCode(err: unknown, depth = 0): string | undefined {
  if (depth > 3) return undefined
  const code = field(err, 'code')
  if (typeof code === 'string' && code !== '') return code
  const errors = field(err, 'errors')
  if (Array.isArray(errors) && errors.length > 0) return transportCode(errors[0], depth + 1)
  const cause = field(err, 'cause')
  return cause === undefined ? undefined : transportCode(cause, depth + 1)
}

function safeCause(code: string | undefined, err: unknown, redact: Redactor): Error {
  const message = field(err, 'message')
  const text = typeof message === 'string' ? redact(message) : 'unknown failure'
  const cause = new Error(code ? `${code}: ${text}` : text)
  const name = field(err, 'name')
  if (typeof name === 'string') cause.name = name
  return cause
}

export interface TransportContext {
  redact: Redactor
  /** The attempt's own timeout fired (as opposed to the caller cancelling). */
  timedOut: boolean
  timeoutMs: number
}

/** A NetworkError for connection failures and timeouts; an ApiError 'request_failed' for anything else. */
export function transportError(err: unknown, context: TransportContext): ApiError {
  if (context.timedOut) {
    return new NetworkError({
      causeCode: 'timeout',
      requestSent: true,
      retryable: true,
      timeoutMs: context.timeoutMs,
      cause: safeCause('timeout', err, context.redact)
    })
  }
  const code = transportCode(err)
  const cause = safeCause(code, err, context.redact)
  if (code !== undefined && NETWORK_CODES.has(code)) {
    return new NetworkError({ causeCode: code, requestSent: !CONNECT_PHASE.has(code), retryable: TRANSIENT.has(code), cause })
  }
  // An invalid header value, a malformed URL and the like: repeating cannot help.
  return new ApiError({
    status: 0,
    code: 'request_failed',
    message: tm('main:http.notSent', { reason: cause.message }),
    retryable: false,
    cause
  })
}
