// Success paths of HttpClient against a local server.
import { describe, expect, it } from 'vitest'
import { FormData as UndiciFormData } from 'undici'
import { z } from 'zod'
import { ApiError, HttpClient } from '../../../src/main/core/client/http'
import { API_KEY, serverClientSetup, testClient } from './client-fixture'
import { json, text } from './test-server'

const { setup, cleanups } = serverClientSetup()

const jobSchema = z.object({ id: z.string(), status: z.enum(['QUEUED', 'COMPLETED']) })

describe('HttpClient success paths', () => {
  it('GETs JSON with auth headers and a query, and parses it', async () => {
    const { server, client } = await setup(json(200, { id: 'j1', status: 'QUEUED' }, { 'x-request-id': 'r1' }))
    const res = await client.request({
      method: 'GET',
      path: '/v2/jobs/j1',
      query: { limit: 20, cursor: undefined, status: ['QUEUED', 'PROCESSING'], flag: true },
      parse: (v) => jobSchema.parse(v)
    })
    expect(res.status).toBe(200)
    expect(res.data).toEqual({ id: 'j1', status: 'QUEUED' })
    expect(res.headers['x-request-id']).toBe('r1')
    const [req] = server.requests
    expect(req?.url).toBe('/v2/jobs/j1?limit=20&status=QUEUED%2CPROCESSING&flag=true')
    expect(req?.headers['x-api-key']).toBe(API_KEY)
    expect(req?.headers.accept).toBe('application/json')
    expect(req?.headers['idempotency-key']).toBeUndefined()
  })

  it('POSTs JSON with an idempotency key and accepts the expected status', async () => {
    const { server, client } = await setup(json(202, { jobId: 'j2', status: 'QUEUED' }))
    const res = await client.request({
      method: 'POST',
      path: '/v2/images/generations',
      json: { prompt: 'a cat', model: 'i1-1' },
      idempotencyKey: 'key-1',
      expectStatus: [200, 202]
    })
    expect(res).toMatchObject({ status: 202, data: { jobId: 'j2', status: 'QUEUED' } })
    const [req] = server.requests
    expect(req?.method).toBe('POST')
    expect(req?.headers['content-type']).toBe('application/json')
    expect(req?.headers['idempotency-key']).toBe('key-1')
    expect(JSON.parse(req?.body.toString() ?? '')).toEqual({ prompt: 'a cat', model: 'i1-1' })
  })

  it('keeps the path prefix of the base URL (the legacy endpoint lives under /legacy)', async () => {
    const { server } = await setup(json(200, { task_id: 't' }))
    const legacy = testClient(`${server.url}/legacy/`)
    cleanups.push(() => legacy.client.close())
    await legacy.client.request({ method: 'POST', path: '/lv-imagine', json: { prompt: 'abc' }, legacy: true })
    expect(server.requests[0]?.url).toBe('/legacy/lv-imagine')
  })

  it('gives undefined data for 204 without calling parse', async () => {
    const { client } = await setup((_req, res) => {
      res.writeHead(204)
      res.end()
    })
    let called = false
    const res = await client.request({
      method: 'DELETE',
      path: '/v2/loras/l1',
      parse: () => {
        called = true
        return 'x'
      }
    })
    expect(res.status).toBe(204)
    expect(res.data).toBeUndefined()
    expect(called).toBe(false)
  })

  it('sends multipart FormData with a boundary', async () => {
    const { server, client } = await setup(json(201, { id: 'u1' }))
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'a.png')
    const res = await client.request({ method: 'POST', path: '/v2/uploads', body: form, expectStatus: [201] })
    expect(res.data).toEqual({ id: 'u1' })
    const [req] = server.requests
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(req?.body.toString('latin1')).toContain('name="file"; filename="a.png"')
  })

  it('sends raw bytes with the given content type', async () => {
    const { server, client } = await setup(json(201, { id: 'u2' }))
    const boundary = 'b0undary'
    const bytes = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--${boundary}--\r\n`)
    await client.request({ method: 'POST', path: '/v2/uploads', body: { bytes, contentType: `multipart/form-data; boundary=${boundary}` } })
    expect(server.requests[0]?.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`)
    expect(server.requests[0]?.body.equals(Buffer.from(bytes))).toBe(true)
  })

  it('sends undici FormData too', async () => {
    const { server, client } = await setup(json(201, { id: 'u3' }))
    const form = new UndiciFormData()
    form.append('name', 'my lora')
    await client.request({ method: 'POST', path: '/v2/loras', body: form })
    expect(server.requests[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(server.requests[0]?.body.toString()).toContain('my lora')
  })

  it('consumes every body, so sockets go back to the pool instead of piling up', async () => {
    const ports = new Set<number | undefined>()
    const big = 'x'.repeat(256 * 1024)
    const statuses = [200, 404, 500, 409, 200, 413, 502, 200, 400, 200]
    const { client } = await setup((req, res) => {
      ports.add(req.socket.remotePort)
      const status = statuses[(Number(new URL(req.url ?? '', 'http://x').searchParams.get('i')))] ?? 200
      text(status, big)(req, res, Buffer.alloc(0))
    }, { maxRetries: 0 })
    for (let i = 0; i < statuses.length; i++) {
      await client.request({ method: 'GET', path: '/v2/me', query: { i } }).catch(() => undefined)
    }
    // undici may open a second socket while the first is being released; a leak would need one per request.
    expect(ports.size).toBeLessThanOrEqual(2)
  })
})

describe('HttpClient response checks', () => {
  it('turns a schema mismatch into bad_response naming the route and the field', async () => {
    const { client } = await setup(json(200, { id: 'j1', status: 'WEIRD' }))
    const err = await client.request({ method: 'GET', path: '/v2/jobs/j1', parse: (v) => jobSchema.parse(v) }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ code: 'bad_response', status: 200, retryable: false, route: 'GET /v2/jobs/j1' })
    expect((err as ApiError).message).toMatch(/^The service’s answer to GET \/v2\/jobs\/j1 was not understood: status: /)
  })

  it('reports a success body that is not JSON', async () => {
    const { client } = await setup(text(200, '<html>hello</html>', 'text/html'))
    const err = await client.request({ method: 'GET', path: '/v2/me' }).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'bad_response', message: "The service’s answer to GET /v2/me was not understood: the body is not JSON" })
  })

  it('reports an empty body where data was expected', async () => {
    const { client } = await setup(text(200, ''))
    const err = await client.request({ method: 'GET', path: '/v2/me', parse: (v) => jobSchema.parse(v) }).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'bad_response', message: "The service’s answer to GET /v2/me was not understood: the body is empty" })
  })

  it('rejects a 2xx that is not among the expected statuses', async () => {
    const { client } = await setup(json(200, { id: 'x' }))
    const err = await client.request({ method: 'POST', path: '/v2/uploads', json: {}, expectStatus: [201] }).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'bad_response', status: 200 })
  })

  it('refuses a base URL it could never use', () => {
    expect(() => new HttpClient({ baseUrl: 'ftp://example.com' })).toThrow(/http:\/\/ or https:\/\//)
    expect(() => new HttpClient({ baseUrl: 'not a url' })).toThrow(/not a valid URL/)
  })
})
