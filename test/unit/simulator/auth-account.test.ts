import { describe, expect, it } from 'vitest'
import { buildCatalog, errorResponseSchema, meSchema } from '../../../src/shared/api'
import { call, route, startTestSim } from './helpers'

describe('demo service: auth, account, catalog, assets', () => {
  it('answers 401 ErrorResponse without or with a wrong X-API-Key; the catalog is public', async () => {
    const sim = await startTestSim()
    expect(sim.apiKey).toMatch(/^mgk_[0-9a-f]{32}$/)
    for (const headers of [{ 'x-api-key': '' }, { 'x-api-key': 'mgk_wrong' }, { 'x-api-key': `${sim.apiKey}x` }]) {
      const res = await call(sim, 'GET', route('me'), undefined, headers)
      expect(res.status).toBe(401)
      expect(errorResponseSchema.parse(res.body).error).toMatch(/API key/)
    }
    const noKey = await fetch(sim.url + route('listJobs'))
    expect(noKey.status).toBe(401)

    const cat = await fetch(sim.url + route('catalog'))
    expect(cat.status).toBe(200)
    expect(await cat.json()).toEqual(JSON.parse(JSON.stringify(buildCatalog())))
  })

  it('checks auth before the body', async () => {
    const sim = await startTestSim()
    const res = await call(sim, 'POST', route('generateImage'), '{not json', { 'x-api-key': 'nope' })
    expect(res.status).toBe(401)
  })

  it('describes the caller in /v2/me', async () => {
    const sim = await startTestSim({ apiKey: 'mgk_0123456789abcdef0123456789abcdef', credits: 1234 })
    const res = await call(sim, 'GET', route('me'))
    expect(res.status).toBe(200)
    const me = meSchema.parse(res.body)
    expect(me.user.role).toBe('OWNER')
    expect(me.user.email).toContain('@')
    expect(me.team).toMatchObject({ name: 'Demo team', plan: 'demo', customerId: null, credits: 1234 })
    expect(me.apiKey).toMatchObject({ name: 'Demo key', prefix: 'mgk_0123' })
    expect(me.apiKey?.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers 404 for an unknown route and an unknown job', async () => {
    const sim = await startTestSim()
    expect((await call(sim, 'GET', '/v2/nothing-here')).status).toBe(404)
    const job = await call(sim, 'GET', route('getJob', '6f1c2d1e-0000-4000-8000-000000000000'))
    expect(job.status).toBe(404)
    expect(errorResponseSchema.safeParse(job.body).success).toBe(true)
  })

  it('registers assets (201) and validates them (400 with details)', async () => {
    const sim = await startTestSim()
    const ok = await call<{ assetId: string }>(sim, 'POST', route('createAsset'), { url: 'https://example.com/a.png', type: 'image' })
    expect(ok.status).toBe(201)
    expect(typeof ok.body.assetId).toBe('string')
    const bad = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('createAsset'), { url: 'nope', type: 'pdf' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.details).sort()).toEqual(['type', 'url'])
    const malformed = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('createAsset'), '{')
    expect(malformed.status).toBe(400)
    expect(malformed.body.details.$).toBeDefined()
  })
})
