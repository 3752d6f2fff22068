// Turns an HTTP error response into one of the typed errors.
//
// The body shapes are those of the service contract (ErrorResponse, ValidationError,
// InsufficientCredits, the legacy `{errors: [{msg}]}`), read leniently: a service
// that differs, or a proxy answering with HTML, still gives a readable message.
import { STATUS_CODES } from 'node:http'
import { z } from 'zod'
import { parseRetryAfter } from './retry-after'
import {
  ApiError,
  AuthError,
  ConflictError,
  ForbiddenError,
  InsufficientCreditsError,
  LegacyApiError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServerError,
  UnsupportedTypeError,
  ValidationApiError
} from './errors'
import { noRedaction } from './redact'
import type { Redactor } from './redact'

export type ResponseHeaders = Readonly<Record<string, string | readonly string[] | undefined>>

export interface ErrorFromResponseOptions {
  /** The response came from the legacy endpoint (different error bodies). */
  legacy?: boolean
  /** Applied to the body before anything is taken from it, so an echoed key never reaches a message. */
  redact?: Redactor
  /** Clock for HTTP-date Retry-After values. */
  now?: number
}

const messageBody = z.looseObject({ error: z.string().optional(), message: z.string().optional() })

// Some services send a single string per field instead of an array; accept both.
const detailsBody = z.looseObject({
  details: z.record(z.string(), z.union([z.array(z.string()), z.string()]))
})

const creditsBody = z.looseObject({
  creditsRequired: z.number().nonnegative(),
  creditsAvailable: z.number().nonnegative()
})

const legacyBody = z.looseObject({ errors: z.array(z.looseObject({ msg: z.string() })) })

const MAX_SERVICE_MESSAGE = 300
const MAX_SNIPPET = 160

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** A short, single-line excerpt of a body that is not JSON (an HTML error page, plain text). */
export function bodySnippet(text: string): string | undefined {
  const plain = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return plain === '' ? undefined : truncate(plain, MAX_SNIPPET)
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

function header(headers: ResponseHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue
    return typeof value === 'string' ? value : value?.[0]
  }
  return undefined
}

function detailsOf(body: unknown): Record<string, string[]> | undefined {
  const parsed = detailsBody.safeParse(body)
  if (!parsed.success) return undefined
  const details: Record<string, string[]> = {}
  for (const [path, messages] of Object.entries(parsed.data.details)) {
    details[path] = typeof messages === 'string' ? [messages] : messages
  }
  return details
}

/** Picks the typed error for a failed response. `bodyText` is the raw body; it need not be JSON. */
export function errorFromResponse(
  status: number,
  bodyText: string,
  headers: ResponseHeaders = {},
  options: ErrorFromResponseOptions = {}
): ApiError {
  const text = (options.redact ?? noRedaction)(bodyText)
  const json = parseJson(text)
  const body = json.ok ? json.value : undefined
  const fromJson = messageBody.safeParse(body)
  const jsonMessage = fromJson.success ? (fromJson.data.error ?? fromJson.data.message) : undefined
  const raw = json.ok ? jsonMessage : bodySnippet(text)
  const serviceMessage = raw === undefined || raw.trim() === '' ? undefined : truncate(raw.trim(), MAX_SERVICE_MESSAGE)
  const retryAfterMs = parseRetryAfter(header(headers, 'retry-after'), options.now)

  if (options.legacy) {
    const legacy = legacyBody.safeParse(body)
    const messages = legacy.success ? legacy.data.errors.map((e) => truncate(e.msg, MAX_SERVICE_MESSAGE)) : []
    // The legacy endpoint answers a bad key with 401 `{}` and a failure with 500 `{}`.
    if (status === 401) return new AuthError(messages.join('; ') || serviceMessage)
    if (status >= 500) return new ServerError(status, messages.join('; ') || serviceMessage, STATUS_CODES[status], retryAfterMs)
    if (status === 429) return new RateLimitedError(retryAfterMs, serviceMessage)
    if (legacy.success || status === 400) return new LegacyApiError(status, messages.length > 0 ? messages : serviceMessage ? [serviceMessage] : [])
  }

  switch (status) {
    case 400:
    case 422:
      return new ValidationApiError(detailsOf(body) ?? {}, serviceMessage, status)
    case 401:
      return new AuthError(serviceMessage)
    case 402: {
      const credits = creditsBody.safeParse(body)
      return credits.success
        ? new InsufficientCreditsError(credits.data.creditsRequired, credits.data.creditsAvailable, serviceMessage)
        : new InsufficientCreditsError(undefined, undefined, serviceMessage)
    }
    case 403:
      return new ForbiddenError(serviceMessage)
    case 404:
      return new NotFoundError(serviceMessage)
    case 409:
      return new ConflictError(serviceMessage)
    case 413:
      return new PayloadTooLargeError(serviceMessage)
    case 415:
      return new UnsupportedTypeError(serviceMessage)
    case 429:
      return new RateLimitedError(retryAfterMs, serviceMessage)
  }
  if (status >= 500 && status <= 599) return new ServerError(status, serviceMessage, STATUS_CODES[status], retryAfterMs)

  const statusText = STATUS_CODES[status]
  const label = statusText ? `HTTP ${status} ${statusText}` : `HTTP ${status}`
  return new ApiError({
    status,
    code: 'unexpected_status',
    message: serviceMessage ? `The service answered ${label}: ${serviceMessage}` : `The service answered ${label}`,
    retryable: false,
    serviceMessage
  })
}
