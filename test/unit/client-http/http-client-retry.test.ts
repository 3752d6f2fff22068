// When HttpClient repeats a request, when it must not, and how long it waits.
import { describe, expect, it } from 'vitest'
import { NetworkError, RateLimitedError, ServerError } from '../../../src/main/core/client/http'
import { serverClientSetup, testClient } from './client-fixture'
import { closedPort, destroySocket, json } from './test-server'

const { setup, cleanups } = serverClientSetup()

const ok = json(200, { ok: true })
const accepted = json(202, { jobId: 'j1', status: 'QUEUED' })
const boom = json(500, { error: 'Internal error' })

describe('HttpClient retries', () => {
  it('waits for Retry-After on a 429, then succeeds', async () => {
    const { server, client, delays, retries } = await setup([json(429, { error: 'Too many requests' }, { 'retry-after': '1' }), ok])
    const res = await client.request({ method: 'GET', path: '/v2/jobs' })
    expect(res.data).toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
    expect(delays).toEqual([1000])
    expect(retries[0]).toMatchObject({ attempt: 1, delayMs: 1000, route: 'GET /v2/jobs' })
    expect(retries[0]?.error).toBeInstanceOf(RateLimitedError)
  })

  it('caps a long Retry-After', async () => {
    const { client, delays } = await setup([json(429, { error: 'x' }, { 'retry-after': '3600' }), ok], { maxRetryAfterMs: 60_000 })
    await client.request({ method: 'GET', path: '/v2/me' })
    expect(delays).toEqual([60_000])
  })

  it('honours Retry-After on a 503', async () => {
    const { client, delays } = await setup([json(503, { error: 'maintenance' }, { 'retry-after': '2' }), ok])
    await client.request({ method: 'GET', path: '/v2/me' })
    expect(delays).toEqual([2000])
  })

  it('backs off with full jitter without Retry-After', async () => {
    const { client, delays } = await setup([json(429, { error: 'x' }), json(429, { error: 'x' }), ok])
    await client.request({ method: 'GET', path: '/v2/me' })
    // random() is 0.5: half of 500 ms, then half of 1000 ms.
    expect(delays).toEqual([250, 500])
  })

  it('retries a GET after two 500s', async () => {
    const { server, client, delays } = await setup([boom, boom, ok])
    const res = await client.request({ method: 'GET', path: '/v2/jobs/j1' })
    expect(res.status).toBe(200)
    expect(server.requests).toHaveLength(3)
    expect(delays).toEqual([250, 500])
  })

  it('gives up after maxRetries and throws the last error', async () => {
    const { server, client, delays } = await setup(boom, { maxRetries: 2 })
    const err = await client.request({ method: 'GET', path: '/v2/me' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ServerError)
    expect(err).toMatchObject({ status: 500, route: 'GET /v2/me', message: 'The service had a problem (HTTP 500 Internal Server Error): Internal error' })
    expect(server.requests).toHaveLength(3)
    expect(delays).toHaveLength(2)
  })

  it('does not retry a POST without an idempotency key', async () => {
    const { server, client, delays } = await setup([boom, accepted])
    const err = await client.request({ method: 'POST', path: '/v2/images/generations', json: { prompt: 'x' } }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ServerError)
    expect(server.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('does not retry a POST without a key on 429 either, but reports the wait', async () => {
    const { server, client } = await setup([json(429, { error: 'x' }, { 'retry-after': '7' }), accepted])
    const err = await client.request({ method: 'POST', path: '/v2/images/generations', json: {} }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(RateLimitedError)
    expect((err as RateLimitedError).retryAfterMs).toBe(7000)
    expect(server.requests).toHaveLength(1)
  })

  it('retries a POST with an idempotency key, sending the same key and body each time', async () => {
    const { server, client } = await setup([boom, json(503, { error: 'busy' }), accepted])
    const res = await client.request({
      method: 'POST',
      path: '/v2/images/generations',
      json: { prompt: 'a cat', model: 'i1-1' },
      idempotencyKey: 'idem-123'
    })
    expect(res.status).toBe(202)
    expect(server.requests).toHaveLength(3)
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual(['idem-123', 'idem-123', 'idem-123'])
    expect(new Set(server.requests.map((r) => r.body.toString())).size).toBe(1)
  })

  it('re-sends a multipart body intact on retry', async () => {
    const { server, client } = await setup([boom, json(201, { id: 'u1' })])
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png')
    await client.request({ method: 'POST', path: '/v2/uploads', body: form, idempotencyKey: 'up-1' })
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1]?.body.length).toBe(server.requests[0]?.body.length)
    expect(server.requests[1]?.body.toString('latin1')).toContain('filename="a.png"')
  })

  it('does not retry 4xx errors', async () => {
    const { server, client } = await setup([json(404, { error: 'Job not found' }), ok])
    await expect(client.request({ method: 'GET', path: '/v2/jobs/nope' })).rejects.toMatchObject({ code: 'not_found' })
    expect(server.requests).toHaveLength(1)
  })

  it('retries a GET whose connection was reset', async () => {
    const { server, client, retries } = await setup([destroySocket, ok])
    const res = await client.request({ method: 'GET', path: '/v2/me' })
    expect(res.data).toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
    expect(retries[0]?.error).toBeInstanceOf(NetworkError)
    expect((retries[0]?.error as NetworkError).requestSent).toBe(true)
  })

  it('surfaces a reset of a POST without a key (the service may have acted on it)', async () => {
    const { server, client } = await setup([destroySocket, accepted])
    const err = await client.request({ method: 'POST', path: '/v2/images/generations', json: {} }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(err).toMatchObject({ code: 'network', status: 0, retryable: true, requestSent: true })
    expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain((err as NetworkError).causeCode)
    expect(server.requests).toHaveLength(1)
  })

  it('retries a reset POST that carries a key', async () => {
    const { server, client } = await setup([destroySocket, accepted])
    const res = await client.request({ method: 'POST', path: '/v2/images/generations', json: {}, idempotencyKey: 'k' })
    expect(res.status).toBe(202)
    expect(server.requests).toHaveLength(2)
  })

  it('retries a refused connection, even for a POST, since nothing was sent', async () => {
    const port = await closedPort()
    const { client, delays } = testClient(`http://127.0.0.1:${port}`, { maxRetries: 2 })
    cleanups.push(() => client.close())
    const err = await client.request({ method: 'POST', path: '/v2/images/generations', json: {} }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(NetworkError)
    expect(err).toMatchObject({ causeCode: 'ECONNREFUSED', requestSent: false, message: 'Could not connect to the service (connection refused)' })
    expect(delays).toHaveLength(2)
  })

  it('survives a throwing onRetry listener', async () => {
    const { client } = await setup([boom, ok], {
      onRetry: () => {
        throw new Error('listener bug')
      }
    })
    await expect(client.request({ method: 'GET', path: '/v2/me' })).resolves.toMatchObject({ status: 200 })
  })
})
