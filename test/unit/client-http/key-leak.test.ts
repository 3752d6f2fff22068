// The API key must never appear in anything a failed request throws.
import { inspect } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, HttpClient, toUserMessage } from '../../../src/main/core/client/http'
import type { HttpClientOptions } from '../../../src/main/core/client/http'
import { API_KEY, testClient } from './client-fixture'
import { closedPort, destroySocket, hang, json, startServer } from './test-server'
import type { Responder } from './test-server'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Every way an error is likely to be shown or logged. */
function renderings(err: unknown): Record<string, string> {
  const e = err as Error & { cause?: unknown }
  return {
    message: String(e.message),
    stack: String(e.stack),
    json: JSON.stringify(e),
    cause: String(e.cause),
    causeStack: String((e.cause as Error | undefined)?.stack),
    inspect: inspect(e, { depth: 10, showHidden: true }),
    user: toUserMessage(e)
  }
}

function expectNoKey(err: unknown, key = API_KEY): void {
  expect(err).toBeInstanceOf(ApiError)
  for (const [how, text] of Object.entries(renderings(err))) {
    expect(text, `${how} leaks the key`).not.toContain(key)
  }
}

// A server that puts the key it received into its error body, the worst case.
const echoKey = (status: number): Responder => (req, res) => {
  const seen = String(req.headers['x-api-key'] ?? req.headers.authorization ?? '')
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ error: `Key ${seen} is not valid`, errors: [{ msg: `bad key ${seen}` }], details: { apiKey: [`got ${seen}`] } }))
}

async function failWith(responders: Responder | Responder[], options: Partial<HttpClientOptions> = {}, legacy = false): Promise<unknown> {
  const server = await startServer(responders)
  const { client, retries } = testClient(server.url, { maxRetries: 1, timeoutMs: 200, ...options })
  cleanups.push(server.close, () => client.close())
  const err = await client
    .request({ method: 'POST', path: '/v2/images/generations', json: { prompt: 'x' }, legacy })
    .catch((e: unknown) => e)
  for (const retry of retries) expectNoKey(retry.error, API_KEY)
  return err
}

describe('no API key in errors', () => {
  it.each([400, 401, 403, 404, 409, 429, 500])('when a %i body echoes the key', async (status) => {
    expectNoKey(await failWith(echoKey(status)))
  })

  it('when a legacy error echoes the key sent as Authorization', async () => {
    const err = await failWith(echoKey(400), { headers: () => ({ Authorization: API_KEY }) }, true)
    expect((err as ApiError).message).toContain('bad key [redacted]')
    expectNoKey(err)
  })

  it('when a bearer token is echoed without its scheme word', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.payload.signature'
    const err = await failWith(
      (req, res) => json(401, { error: `token ${String(req.headers.authorization).slice(7)} expired` })(req, res, Buffer.alloc(0)),
      { headers: () => ({ Authorization: `Bearer ${token}` }) }
    )
    expectNoKey(err, token)
  })

  it('when the connection is refused', async () => {
    const port = await closedPort()
    const { client } = testClient(`http://127.0.0.1:${port}`, { maxRetries: 0 })
    cleanups.push(() => client.close())
    expectNoKey(await client.request({ method: 'GET', path: '/v2/me' }).catch((e: unknown) => e))
  })

  it('when the connection is reset', async () => {
    expectNoKey(await failWith(destroySocket))
  })

  it('when the request times out', async () => {
    expectNoKey(await failWith(hang))
  })

  it('when the key is not a valid header value and undici refuses it', async () => {
    const badKey = `${API_KEY}\r\nX-Injected: 1`
    const err = await failWith(json(200, {}), { headers: () => ({ 'X-API-Key': badKey }) })
    expect((err as ApiError).code).toBe('request_failed')
    expectNoKey(err)
  })

  it('when the success body fails to parse and the parser quotes it', async () => {
    const server = await startServer((req, res) => json(200, { echoed: req.headers['x-api-key'] })(req, res, Buffer.alloc(0)))
    const { client } = testClient(server.url)
    cleanups.push(server.close, () => client.close())
    const err = await client
      .request({
        method: 'GET',
        path: '/v2/me',
        parse: (v) => {
          throw new Error(`unexpected ${JSON.stringify(v)}`)
        }
      })
      .catch((e: unknown) => e)
    expect((err as ApiError).code).toBe('bad_response')
    expectNoKey(err)
  })

  it('is not held by the client in any inspectable form', () => {
    const client = new HttpClient({ baseUrl: 'http://127.0.0.1:1', headers: () => ({ 'X-API-Key': API_KEY }) })
    cleanups.push(() => client.close())
    expect(JSON.stringify(client)).not.toContain(API_KEY)
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(API_KEY)
  })
})
