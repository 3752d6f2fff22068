// Webhook targets are judged by the addresses their host resolves to, at submission and
// again at delivery, unless the service allows private webhooks.
import { describe, expect, it } from 'vitest'
import type { LookupAddress } from 'node:dns'
import { isBlockedAddress } from '../../../src/simulator/blocked-address'
import { checkWebhookTarget, guardedLookup, systemResolver, type HostResolver } from '../../../src/simulator/webhook-target'
import { MAX_RETRIES } from '../../../src/simulator/webhooks'
import { call, getJob, route, startReceiver, startTestSim, submit, waitFor } from './helpers'

const PUBLIC_V4 = '93.184.216.34'

/** `evil.example` is loopback, `ok.example` public, `mixed.example` both; anything else does not resolve. */
const fakeDns: HostResolver = async (host) => {
  const table: Record<string, string[]> = {
    'evil.example': ['127.0.0.1'],
    'ok.example': [PUBLIC_V4, '2606:2800:220:1:248:1893:25c8:1946'],
    'mixed.example': [PUBLIC_V4, '10.0.0.7'],
    'mapped.example': ['::ffff:192.168.1.1']
  }
  const found = table[host]
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return found
}

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '100.127.255.254', '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255',
    '::', '::1', '[::1]', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '::ffff:100.64.0.1',
    'not an address', ''
  ])('%s is refused', (address) => expect(isBlockedAddress(address)).toBe(true))

  // IPv6 forms that carry an IPv4 address lead to it: compatible, mapped, NAT64, 6to4.
  it.each([
    '[::127.0.0.1]', '::7f00:1', '[::7f00:1]', '::10.0.0.1', '::ffff:0:7f00:1',
    '64:ff9b::7f00:1', '[64:ff9b::127.0.0.1]', '64:ff9b::a9fe:a9fe', '64:ff9b:1::8.8.8.8',
    '2002:7f00:1::', '[2002:7f00:1::]', '2002:a00:1::1', '2002:c0a8:101::',
    '198.18.0.1', '198.19.255.254', '192.0.0.1', '192.0.0.170', '192.0.2.1', '198.51.100.7', '203.0.113.9',
    '2001:db8::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', 'fec0::1', '100::1'
  ])('%s is refused as the address it leads to', (address) => expect(isBlockedAddress(address)).toBe(true))

  it.each(['8.8.8.8', PUBLIC_V4, '100.63.255.255', '100.128.0.1', '172.15.0.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8',
    '64:ff9b::808:808', '2002:808:808::1', '198.17.255.255', '198.20.0.1', '192.0.1.1', '192.0.3.1'])(
    '%s is public', (address) => expect(isBlockedAddress(address)).toBe(false)
  )
})

describe('checkWebhookTarget', () => {
  it('refuses a name that resolves to any private address, accepts one that resolves only to public ones', async () => {
    expect(await checkWebhookTarget('http://ok.example:8080/hook', fakeDns)).toEqual({ ok: true })
    expect(await checkWebhookTarget('http://evil.example:8080/hook', fakeDns))
      .toEqual({ ok: false, reason: 'Must not target a private or internal address (evil.example resolves to 127.0.0.1)' })
    expect(await checkWebhookTarget('https://mixed.example/', fakeDns)).toMatchObject({ ok: false, reason: expect.stringContaining('10.0.0.7') as unknown })
    expect(await checkWebhookTarget('https://mapped.example/', fakeDns)).toMatchObject({ ok: false })
    expect(await checkWebhookTarget('https://nowhere.example/', fakeDns)).toEqual({ ok: false, reason: 'Host name nowhere.example could not be resolved' })
  })

  it('judges address literals without resolving them', async () => {
    const noDns: HostResolver = () => Promise.reject(new Error('must not resolve'))
    expect(await checkWebhookTarget(`http://${PUBLIC_V4}/h`, noDns)).toEqual({ ok: true })
    expect(await checkWebhookTarget('http://[::ffff:127.0.0.1]/h', noDns)).toMatchObject({ ok: false })
    expect(await checkWebhookTarget('http://100.64.1.1/h', noDns)).toMatchObject({ ok: false })
    for (const host of ['[::127.0.0.1]', '[::7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '198.18.0.1', '192.0.0.8', '192.0.2.1']) {
      expect(await checkWebhookTarget(`http://${host}/h`, noDns), host).toMatchObject({ ok: false })
    }
  })

  it('localhost resolves, with the system resolver, to addresses that are all refused', async () => {
    const addresses = await systemResolver('localhost')
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.every(isBlockedAddress)).toBe(true)
    expect(await checkWebhookTarget('http://localhost:8080/h', systemResolver)).toMatchObject({ ok: false })
  })
})

describe('guardedLookup', () => {
  function lookupWith(resolve: HostResolver, host: string, options: { all?: boolean; family?: number }) {
    return new Promise<{ err: Error | null; address: string | LookupAddress[]; family?: number }>((done) => {
      guardedLookup(resolve)(host, options, (err, address, family) => done({ err, address, family }))
    })
  }

  it('hands the connection only checked public addresses', async () => {
    expect((await lookupWith(fakeDns, 'evil.example', { all: true })).err?.message).toMatch(/evil.example resolves to 127.0.0.1/)
    expect((await lookupWith(fakeDns, 'mixed.example', {})).err).not.toBeNull()
    const all = await lookupWith(fakeDns, 'ok.example', { all: true })
    expect(all.address).toEqual([{ address: PUBLIC_V4, family: 4 }, { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }])
    const one = await lookupWith(fakeDns, 'ok.example', { family: 6 })
    expect([one.address, one.family]).toEqual(['2606:2800:220:1:248:1893:25c8:1946', 6])
    expect((await lookupWith(fakeDns, 'nowhere.example', {})).err).not.toBeNull()
  })
})

describe('demo service: webhook URLs that resolve to private addresses', () => {
  it('answers 400 at webhookUrl for a name resolving to loopback, and accepts a public one', async () => {
    const sim = await startTestSim({ holdJobs: true, resolveHost: fakeDns })
    const evil = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('generateImage'), { model: 'i1-1', prompt: 'x', webhookUrl: 'http://evil.example:8080/hook' })
    expect(evil.status).toBe(400)
    expect(evil.body.details).toEqual({ webhookUrl: ['Must not target a private or internal address (evil.example resolves to 127.0.0.1)'] })
    const nowhere = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('generateImage'), { model: 'i1-1', prompt: 'x', webhookUrl: 'http://nowhere.example/hook' })
    expect(nowhere.body.details).toEqual({ webhookUrl: ['Host name nowhere.example could not be resolved'] })
    const ok = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'x', webhookUrl: 'https://ok.example/hook' })
    expect((await getJob(sim, ok)).webhookStatus).toBe('pending')
    expect((await call(sim, 'POST', route('cancelJob', ok))).status).toBe(200)

    const legacy = await fetch(`${sim.legacyUrl}/lv-imagine`, {
      method: 'POST',
      headers: { authorization: sim.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a boat', model: 'lv-a', webhook_url: 'http://evil.example/h' })
    })
    expect(legacy.status).toBe(400)
    expect(JSON.stringify(await legacy.json())).toContain('webhook_url: Must not target a private or internal address')
  })

  it('with --allow-private-webhooks, resolves nothing and accepts the name', async () => {
    const sim = await startTestSim({ holdJobs: true, allowPrivateWebhooks: true, resolveHost: () => Promise.reject(new Error('must not resolve')) })
    const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'x', webhookUrl: 'http://evil.example:8080/hook' })
    expect((await getJob(sim, id)).webhookStatus).toBe('pending')
  })

  it('does not deliver to a name that has come to resolve to a private address since submission', async () => {
    const hook = await startReceiver()
    const port = new URL(hook.url).port
    let target = PUBLIC_V4
    const sim = await startTestSim({ holdJobs: true, speed: 20_000, resolveHost: async () => [target] })
    const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'rebound', webhookUrl: `http://rebind.example:${port}/hook` })
    target = '127.0.0.1'
    sim.releaseJobs()
    await waitFor(async () => ((await getJob(sim, id)).webhookStatus === 'failed' ? true : undefined), 15_000, 'the delivery to fail')
    expect(hook.received).toHaveLength(0)
  })

  it('connects only to the addresses it checked, even if DNS changes between the check and the connection', async () => {
    const hook = await startReceiver()
    const port = new URL(hook.url).port
    // Public for the submission and for each attempt's check; loopback for every other lookup (the connection's).
    let calls = 0
    const flipping: HostResolver = async () => (++calls % 2 === 1 ? [PUBLIC_V4] : ['127.0.0.1'])
    const sim = await startTestSim({ speed: 20_000, resolveHost: flipping })
    const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'flip', webhookUrl: `http://flip.example:${port}/hook` })
    await waitFor(async () => ((await getJob(sim, id)).webhookStatus === 'failed' ? true : undefined), 15_000, 'the delivery to fail')
    expect(hook.received).toHaveLength(0)
    // The submission; the first attempt, refused at its check; then each of the retries
    // passed its check and was refused at its connection's own lookup.
    expect(calls).toBe(1 + 1 + 2 * MAX_RETRIES)
  })
})
