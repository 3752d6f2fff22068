// Error responses, timeouts and cancellation through HttpClient.
import { describe, expect, it } from 'vitest'
import {
  AuthError,
  InsufficientCreditsError,
  LegacyApiError,
  NetworkError,
  ServerError,
  ValidationApiError
} from '../../../src/main/core/client/http'
import { serverClientSetup, testClient } from './client-fixture'
import { hang, json, startServer } from './test-server'

const { setup, cleanups } = serverClientSetup()

const ok = json(200, { ok: true })

describe('HttpClient error responses', () => {
  it('throws ValidationApiError with details and a message naming each field', async () => {
    const { client } = await setup(
      json(400, { error: 'Validation failed', details: { prompt: ['Too long'], 'i3Params.steps': ['Must be at most 50'] } })
    )
    const err = await client.request({ method: 'POST', path: '/v2/images/generations', json: {}, idempotencyKey: 'k' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ValidationApiError)
    expect((err as ValidationApiError).details).toEqual({ prompt: ['Too long'], 'i3Params.steps': ['Must be at most 50'] })
    expect((err as ValidationApiError).message).toBe('Invalid request: prompt: Too long; i3Params.steps: Must be at most 50')
    expect((err as ValidationApiError).route).toBe('POST /v2/images/generations')
  })

  it('throws InsufficientCreditsError with required and available on 402', async () => {
    const { client } = await setup(json(402, { error: 'Insufficient credits', creditsRequired: 48, creditsAvailable: 10 }))
    const err = await client.request({ method: 'POST', path: '/v2/videos/generations', json: {}, idempotencyKey: 'k' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(InsufficientCreditsError)
    expect(err).toMatchObject({ required: 48, available: 10, message: 'Not enough credits: this needs 48, you have 10' })
  })

  it('throws AuthError on 401', async () => {
    const { server, client } = await setup(json(401, { error: 'Invalid API key' }))
    const err = await client.request({ method: 'GET', path: '/v2/me' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AuthError)
    expect((err as AuthError).message).toBe('The API key was rejected by the service')
    expect(server.requests).toHaveLength(1)
  })

  it('maps the legacy shapes: {errors:[{msg}]}, 401 {} and 500 {}', async () => {
    const { client } = await setup([
      json(400, { errors: [{ msg: 'prompt must be 3..2500 characters' }, { msg: 'unknown model' }] }),
      json(401, {}),
      json(500, {})
    ], { maxRetries: 0 })
    const submit = () => client.request({ method: 'POST', path: '/lv-imagine', json: { prompt: 'x' }, legacy: true }).catch((e: unknown) => e)

    const bad = await submit()
    expect(bad).toBeInstanceOf(LegacyApiError)
    expect((bad as LegacyApiError).message).toBe('The service rejected the request: prompt must be 3..2500 characters; unknown model')
    expect(await submit()).toBeInstanceOf(AuthError)
    const failed = await submit()
    expect(failed).toBeInstanceOf(ServerError)
    expect((failed as ServerError).message).toBe('The service had a problem (HTTP 500 Internal Server Error)')
  })

  it('reads a non-JSON error page into a short message', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html><body><h1>Bad gateway</h1><p>upstream unavailable</p></body></html>')
    }, { maxRetries: 0 })
    await expect(client.request({ method: 'GET', path: '/v2/me' })).rejects.toThrow(
      'The service had a problem (HTTP 502 Bad Gateway): Bad gateway upstream unavailable'
    )
  })
})

describe('HttpClient timeouts and cancellation', () => {
  it('times out a request that gets no answer', async () => {
    const { server, client } = await setup(hang, { timeoutMs: 100, maxRetries: 0 })
    const err = await client.request({ method: 'GET', path: '/v2/me' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(err).toMatchObject({ causeCode: 'timeout', retryable: true, route: 'GET /v2/me' })
    expect(server.requests).toHaveLength(1)
  })

  it('retries a GET that timed out', async () => {
    const { server, client, delays } = await setup([hang, ok], { timeoutMs: 100 })
    const res = await client.request({ method: 'GET', path: '/v2/me' })
    expect(res.data).toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
    expect(delays).toHaveLength(1)
  })

  it('times out a body that stalls after the headers', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"partial":')
    }, { timeoutMs: 100, maxRetries: 0 })
    await expect(client.request({ method: 'GET', path: '/v2/me' })).rejects.toMatchObject({ code: 'network', causeCode: 'timeout' })
  })

  it('lets a per-request timeout override the client default', async () => {
    const { client } = await setup(hang, { timeoutMs: 60_000, maxRetries: 0 })
    await expect(client.request({ method: 'GET', path: '/v2/me', timeoutMs: 50 })).rejects.toMatchObject({ causeCode: 'timeout' })
  })

  it("throws the caller's abort reason, without retrying", async () => {
    let arrived: () => void = () => {}
    const received = new Promise<void>((resolve) => (arrived = resolve))
    const { server, client, delays } = await setup((req, res) => {
      arrived()
      hang(req, res, Buffer.alloc(0))
    })
    const controller = new AbortController()
    const pending = client.request({ method: 'GET', path: '/v2/me', signal: controller.signal }).catch((e: unknown) => e)
    await received
    controller.abort()
    const err = await pending
    expect(err).toBe(controller.signal.reason)
    expect((err as Error).name).toBe('AbortError')
    expect(server.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('stops waiting between retries when the caller aborts', async () => {
    const controller = new AbortController()
    const server = await startServer(json(500, { error: 'x' }))
    // Real (default) sleep: the abort must cut the backoff short.
    const { client } = testClient(server.url, { sleep: undefined, baseDelayMs: 60_000, capDelayMs: 60_000, onRetry: () => controller.abort() })
    cleanups.push(server.close, () => client.close())
    const err = await client.request({ method: 'GET', path: '/v2/me', signal: controller.signal }).catch((e: unknown) => e)
    expect(err).toBe(controller.signal.reason)
    expect(server.requests).toHaveLength(1)
  })
})
