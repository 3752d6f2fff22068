// Webhook target rules and defaults (spec: Events; profile: Webhooks) and the profile's
// route table.
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PROFILE, DEFAULT_WEBHOOK_EVENTS, LEGACY_WEBHOOK_SECRET_HEADER, ROUTE_NAMES, SUBMIT_ROUTE, WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER, isPrivateWebhookHost, mergeProfile, profileOverrideSchema, routePath, type RouteName
} from '../../../src/shared/api'

describe('isPrivateWebhookHost', () => {
  const PRIVATE = [
    'http://localhost/hook', 'https://LOCALHOST:8443/hook', 'http://localhost./hook', 'http://api.localhost/hook',
    'http://127.0.0.1/hook', 'http://127.255.255.254:3000/', 'http://2130706433/', 'http://0x7f.0.0.1/',
    'http://10.0.0.1/', 'http://10.255.255.255/',
    'http://172.16.0.1/', 'http://172.20.1.1/', 'http://172.31.255.255/',
    'http://192.168.0.1/', 'http://192.168.100.20:8080/cb',
    'http://169.254.169.254/latest/meta-data', 'http://169.254.0.1/',
    'http://0.0.0.0/', 'http://[::1]/', 'http://[::]/', 'http://[::ffff:127.0.0.1]/', 'http://[::ffff:10.1.2.3]/',
    'http://[::ffff:192.168.1.1]/', 'http://[fe80::1]/', 'http://[fc00::1]/', 'http://[fd12:3456::1]/',
    'http://printer.local/', 'http://metadata.google.internal/'
  ]
  const PUBLIC = [
    'https://hooks.example.com/mediagen', 'http://93.184.216.34/', 'http://8.8.8.8/', 'http://172.15.0.1/',
    'http://172.32.0.1/', 'http://192.169.0.1/', 'http://169.255.0.1/', 'http://11.0.0.1/', 'http://128.0.0.1/',
    'http://[2001:4860:4860::8888]/', 'http://[::ffff:8.8.8.8]/',
    'https://fdic.gov/hook', 'https://fcbarcelona.com/hook', 'https://fe80.example.com/', 'https://localhost-tunnel.example.com/',
    'https://10.example.com/', 'https://my.localhost.example.com/'
  ]
  it.each(PRIVATE)('%s is private', (url) => expect(isPrivateWebhookHost(url)).toBe(true))
  it.each(PUBLIC)('%s is public', (url) => expect(isPrivateWebhookHost(url)).toBe(false))
  it('an unparseable URL is not called private (the URL rule rejects it)', () => {
    expect(isPrivateWebhookHost('not a url')).toBe(false)
  })
})

describe('webhook defaults and headers', () => {
  it('without webhookEvents, completed and failed are sent, progress only when asked', () => {
    expect([...DEFAULT_WEBHOOK_EVENTS].sort()).toEqual(['completed', 'failed'])
  })
  it('header names (HTTP header names compare case-insensitively)', () => {
    expect(WEBHOOK_SIGNATURE_HEADER.toLowerCase()).toBe('x-webhook-signature')
    expect(WEBHOOK_EVENT_HEADER.toLowerCase()).toBe('x-webhook-event')
    expect(LEGACY_WEBHOOK_SECRET_HEADER.toLowerCase()).toBe('x-webhook-secret')
  })
})

describe('route table (profile: v2 routes, legacy endpoint)', () => {
  // Submissions answer 202, and 200 for an idempotent replay.
  const EXPECTED: Record<RouteName, [string, string, number[]]> = {
    generateImage: ['POST', '/v2/images/generations', [202, 200]],
    upscaleImage: ['POST', '/v2/images/upscale', [202, 200]],
    editImage: ['POST', '/v2/images/edit', [202, 200]],
    removeBackground: ['POST', '/v2/images/remove-background', [202, 200]],
    generateVideo: ['POST', '/v2/videos/generations', [202, 200]],
    generateMusic: ['POST', '/v2/music/generations', [202, 200]],
    listJobs: ['GET', '/v2/jobs', [200]],
    getJob: ['GET', '/v2/jobs/{id}', [200]],
    cancelJob: ['POST', '/v2/jobs/{id}/cancel', [200]],
    catalog: ['GET', '/v2/models', [200]],
    me: ['GET', '/v2/me', [200]],
    upload: ['POST', '/v2/uploads', [201]],
    createLora: ['POST', '/v2/loras', [201]],
    listLoras: ['GET', '/v2/loras', [200]],
    getLora: ['GET', '/v2/loras/{id}', [200]],
    updateLora: ['PATCH', '/v2/loras/{id}', [200]],
    deleteLora: ['DELETE', '/v2/loras/{id}', [204]],
    createAsset: ['POST', '/v2/assets', [201]],
    legacySubmit: ['POST', '/lv-imagine', [200]],
    legacyFetch: ['GET', '/lv-imagine/{id}', [200]]
  }
  it('names every route once', () => {
    expect([...ROUTE_NAMES].sort()).toEqual(Object.keys(EXPECTED).sort())
  })
  it.each(Object.entries(EXPECTED))('%s is %j', (name, [method, path, success]) => {
    const r = DEFAULT_PROFILE.routes[name as RouteName]
    expect(r.method).toBe(method)
    expect(r.path).toBe(path)
    expect([...r.success].sort()).toEqual([...success].sort())
  })
  it('each kind of job submits to its own route', () => {
    expect(SUBMIT_ROUTE).toEqual({
      image: 'generateImage', upscale: 'upscaleImage', edit: 'editImage', background: 'removeBackground', video: 'generateVideo', music: 'generateMusic'
    })
  })
  it('fills {id}, encoded', () => {
    expect(routePath(DEFAULT_PROFILE.routes.getJob, 'a b/c')).toBe('/v2/jobs/a%20b%2Fc')
    expect(routePath(DEFAULT_PROFILE.routes.listJobs)).toBe('/v2/jobs')
  })
  it('a JSON profile overrides single routes and leaves the rest', () => {
    const override = profileOverrideSchema.parse({ routes: { generateImage: { path: '/v3/img' }, deleteLora: { success: [200, 204] } } })
    const merged = mergeProfile(DEFAULT_PROFILE, override)
    expect(merged.routes.generateImage).toEqual({ method: 'POST', path: '/v3/img', success: [202, 200] })
    expect(merged.routes.deleteLora.success).toEqual([200, 204])
    expect(merged.routes.getJob).toEqual(DEFAULT_PROFILE.routes.getJob)
    expect(DEFAULT_PROFILE.routes.generateImage.path).toBe('/v2/images/generations')
  })
  it('an override is validated', () => {
    expect(profileOverrideSchema.safeParse({ routes: { nope: { path: '/x' } } }).success).toBe(false)
    expect(profileOverrideSchema.safeParse({ routes: { me: { path: 'no-slash' } } }).success).toBe(false)
    expect(profileOverrideSchema.safeParse({ routes: { me: { success: [404] } } }).success).toBe(false)
  })
})
