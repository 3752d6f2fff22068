import { describe, expect, it } from 'vitest'
import {
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
  errorFromResponse,
  toUserMessage
} from '../../../src/main/core/client/http'
import type { ApiError } from '../../../src/main/core/client/http'

const body = (value: unknown): string => JSON.stringify(value)

describe('errorFromResponse (v2 bodies)', () => {
  it('turns a ValidationError into details and a message naming each field', () => {
    const err = errorFromResponse(
      400,
      body({ error: 'Validation failed', details: { prompt: ['Too long'], 'i3Params.steps': ['Must be at most 50'] } })
    )
    expect(err).toBeInstanceOf(ValidationApiError)
    const v = err as ValidationApiError
    expect(v.details).toEqual({ prompt: ['Too long'], 'i3Params.steps': ['Must be at most 50'] })
    expect(v.message).toBe('Invalid request: prompt: Too long; i3Params.steps: Must be at most 50')
    expect(v).toMatchObject({ status: 400, code: 'validation', retryable: false })
  })

  it('names the whole body for the `$` key and joins several messages of one field', () => {
    const err = errorFromResponse(400, body({ error: 'x', details: { $: ['Unknown property foo'], prompt: ['Required', 'Too short'] } }))
    expect(err.message).toBe('Invalid request: request body: Unknown property foo; prompt: Required, Too short')
  })

  it('keeps a 400 without details readable', () => {
    const err = errorFromResponse(400, body({ error: 'Malformed JSON' }))
    expect(err).toBeInstanceOf(ValidationApiError)
    expect((err as ValidationApiError).details).toEqual({})
    expect(err.message).toBe('Invalid request: Malformed JSON')
  })

  it('reads required and available credits from a 402', () => {
    const err = errorFromResponse(402, body({ error: 'Insufficient credits', creditsRequired: 120, creditsAvailable: 35 }))
    expect(err).toBeInstanceOf(InsufficientCreditsError)
    expect(err).toMatchObject({ required: 120, available: 35, status: 402, retryable: false })
    expect(err.message).toBe('Not enough credits: this needs 120, you have 35')
  })

  it('maps each status to its class', () => {
    const cases: Array<[number, new (...args: never[]) => ApiError]> = [
      [401, AuthError],
      [403, ForbiddenError],
      [404, NotFoundError],
      [409, ConflictError],
      [413, PayloadTooLargeError],
      [415, UnsupportedTypeError],
      [429, RateLimitedError],
      [500, ServerError],
      [503, ServerError]
    ]
    for (const [status, cls] of cases) {
      const err = errorFromResponse(status, body({ error: 'Something' }))
      expect(err, String(status)).toBeInstanceOf(cls)
      expect(err.status).toBe(status)
    }
    expect(errorFromResponse(401, body({ error: 'bad key' })).message).toBe('The API key was rejected by the service')
    expect(errorFromResponse(404, body({ error: 'Job not found' })).message).toBe('Not found: Job not found')
    expect(errorFromResponse(500, body({ error: 'boom' })).retryable).toBe(true)
    expect(errorFromResponse(409, body({ error: 'x' })).retryable).toBe(false)
  })

  it('reads Retry-After on a 429', () => {
    const err = errorFromResponse(429, body({ error: 'Slow down' }), { 'retry-after': '3' })
    expect(err).toBeInstanceOf(RateLimitedError)
    expect((err as RateLimitedError).retryAfterMs).toBe(3000)
    expect(err.message).toBe('The service is receiving too many requests; try again in 3 s')
  })

  it('gives a status text and a snippet for bodies that are not JSON', () => {
    const html = '<html><head><style>p{}</style></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>'
    const err = errorFromResponse(502, html)
    expect(err).toBeInstanceOf(ServerError)
    expect(err.message).toBe('The service had a problem (HTTP 502 Bad Gateway): 502 Bad Gateway nginx')
    const long = errorFromResponse(418, 'x'.repeat(1000))
    expect(long.code).toBe('unexpected_status')
    expect(long.message.startsWith("The service answered HTTP 418 I'm a Teapot: xxx")).toBe(true)
    expect(long.message.length).toBeLessThan(250)
    expect(errorFromResponse(500, '').message).toBe('The service had a problem (HTTP 500 Internal Server Error)')
  })

  it('redacts secrets from the body before using it', () => {
    const err = errorFromResponse(404, body({ error: 'No key mgk_secretsecret here' }), {}, { redact: (t) => t.replaceAll('mgk_secretsecret', '[redacted]') })
    expect(err.message).toBe('Not found: No key [redacted] here')
  })
})

describe('errorFromResponse (legacy bodies)', () => {
  const legacy = { legacy: true }

  it('joins the messages of {errors: [{msg}]}', () => {
    const err = errorFromResponse(400, body({ errors: [{ msg: 'prompt is too short' }, { msg: 'model is required' }] }), {}, legacy)
    expect(err).toBeInstanceOf(LegacyApiError)
    expect((err as LegacyApiError).messages).toEqual(['prompt is too short', 'model is required'])
    expect(err.message).toBe('The service rejected the request: prompt is too short; model is required')
  })

  it('maps 401 {} to AuthError and 500 {} to ServerError', () => {
    expect(errorFromResponse(401, '{}', {}, legacy)).toBeInstanceOf(AuthError)
    const server = errorFromResponse(500, '{}', {}, legacy)
    expect(server).toBeInstanceOf(ServerError)
    expect(server.retryable).toBe(true)
  })

  it('keeps a bare legacy 400 readable', () => {
    expect(errorFromResponse(400, '{}', {}, legacy).message).toBe('The service rejected the request (HTTP 400)')
  })
})

describe('toUserMessage', () => {
  it('uses the typed message, and says something sensible for anything else', () => {
    expect(toUserMessage(new AuthError())).toBe('The API key was rejected by the service')
    expect(toUserMessage(new NetworkError({ causeCode: 'ECONNREFUSED', requestSent: false, retryable: true }))).toBe(
      'Could not connect to the service (connection refused)'
    )
    expect(toUserMessage(new NetworkError({ causeCode: 'timeout', requestSent: true, retryable: true, timeoutMs: 30_000 }))).toBe(
      'The service did not answer within 30 s'
    )
    expect(toUserMessage(new DOMException('aborted', 'AbortError'))).toBe('The request was cancelled')
    expect(toUserMessage(new Error('plain'))).toBe('plain')
    expect(toUserMessage(42)).toBe('Something went wrong while talking to the service')
  })

  it('serialises errors with their message and fields', () => {
    const err = new InsufficientCreditsError(5, 1)
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({
      name: 'InsufficientCreditsError',
      status: 402,
      code: 'insufficient_credits',
      required: 5,
      available: 1,
      message: 'Not enough credits: this needs 5, you have 1'
    })
  })
})
