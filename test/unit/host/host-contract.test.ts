// The Node host over the contract: token and origin checks, validation before the engine,
// library files confined to the library, and the API key never in a response or event.
import { createHash } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppController } from '../../../src/main/core/app/controller'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import { stripEmbeddedSettings } from '../../../src/main/core/media/embedded-settings'
import { startHost, type Host } from '../../../src/main/host/host'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { startDemoService } from '../../../src/simulator/demo-mode'

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
/**
 * Every 8-character stretch of the key: none may reach the page, which may know the last
 * four characters and nothing more. (Shorter stretches would match by chance in the
 * hex ids and hashes the replies are full of.)
 */
const KEY_STRETCHES = Array.from({ length: LIVE_KEY.length - 7 }, (_, i) => LIVE_KEY.slice(i, i + 8))
let dir: string
let controller: AppController
let host: Host
let live: Simulator
const seen: string[] = []
let events = ''
let stopEvents: AbortController

// Replies are raw JSON from the wire; the test asserts on them field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any
interface Reply {
  ok: boolean
  data?: Json
  error?: Json
}

async function call(route: string, input: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${host.url}/api/invoke/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-host-token': host.token, ...headers },
    body: JSON.stringify(input)
  })
  const text = await res.text()
  seen.push(text)
  return { status: res.status, body: JSON.parse(text) as Reply }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'host-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>')
  live = await startSimulator({ port: 0, speed: 20, apiKey: LIVE_KEY, dataDir: join(dir, 'live-service') })
  controller = await AppController.start({
    dataDir: join(dir, 'app'),
    secrets: FileSecretStore.inDir(join(dir, 'app')),
    settings: new FileSettingsStore(join(dir, 'app', 'settings.json')),
    hooks: { platform: 'browser' },
    version: 'test',
    startDemoService: (options) => startDemoService({ ...options, speed: 20 })
  })
  host = await startHost({ controller, rendererDir: dir })
  stopEvents = new AbortController()
  void fetch(`${host.url}/api/events?token=${host.token}`, { signal: stopEvents.signal }).then(async (res) => {
    const reader = res.body!.getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      events += Buffer.from(value).toString('utf8')
    }
  }).catch(() => undefined)
})

afterAll(async () => {
  stopEvents?.abort()
  await host?.close()
  await controller?.close()
  await live?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('Node host', () => {
  it('starts in demo mode with no key', async () => {
    const { body } = await call('app.info', {})
    expect(body.data).toMatchObject({ mode: 'demo', keySet: false, keyLast4: null, platform: 'browser', logFile: expect.stringMatching(/demo[/\\]logs[/\\]engine\.log$/) })
  })

  it('refuses calls without the token or from another origin', async () => {
    const noToken = await fetch(`${host.url}/api/invoke/app.info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(noToken.status).toBe(401)
    const foreign = await call('app.info', {}, { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    const events = await fetch(`${host.url}/api/events?token=wrong`)
    expect(events.status).toBe(401)
  })

  it('answers malformed input with a validation error naming the field, before the engine sees it', async () => {
    const unknown = await call('jobs.explode', {})
    expect(unknown.body.error.code).toBe('unknown_route')
    const bad = await call('jobs.cancel', { localId: 42 })
    expect(bad.body).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { localId: expect.any(Array) } } })
    expect(bad.body.error.message).toContain('localId')
    const extra = await call('jobs.list', { sneaky: true })
    expect(extra.body.error.details.$[0]).toContain('sneaky')
    const before = (await call('jobs.list', {})).body.data.length
    const invalid = await call('jobs.submit', { request: { model: 'i3-4', prompt: 'x', i3Params: { steps: 99 } } })
    expect(invalid.body.error.code).toBe('validation')
    expect(Object.keys(invalid.body.error.details)).toEqual(['i3Params.steps'])
    expect((await call('jobs.list', {})).body.data.length).toBe(before)
  })

  it('switches to a live account without a restart, and never lets the key out', async () => {
    const needsUrl = await call('key.set', { apiKey: LIVE_KEY })
    expect(needsUrl.body.error.details.baseUrl).toBeDefined()
    await call('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
    const set = await call('key.set', { apiKey: LIVE_KEY })
    expect(set.body.data).toMatchObject({ mode: 'live', keySet: true, keyLast4: LIVE_KEY.slice(-4), keyProtection: 'file' })
    const submitted = await call('jobs.submit', { request: { model: 'i1-1', prompt: 'live job' } })
    expect(submitted.body.ok).toBe(true)
    const localId = submitted.body.data.localId as string
    await vi.waitFor(async () => {
      expect((await call('jobs.list', {})).body.data.find((j: Json) => j.localId === localId)?.saved).toBe('saved')
    }, { timeout: 60_000, interval: 50 })
    const lib = await call('library.list', {})
    expect(lib.body.data.entries).toHaveLength(1)
    const file = lib.body.data.entries[0].files[0]
    const fileUrl = `${host.url}/library/${file.path}?token=${host.token}`
    const served = await fetch(fileUrl)
    expect(served.status).toBe(200)
    // The saved image carries its generation settings; without them it is the CDN's file.
    const whole = Buffer.from(await served.arrayBuffer())
    const original = stripEmbeddedSettings(whole)
    expect(original.length).toBe(file.bytes)
    expect(createHash('sha256').update(original).digest('hex')).toBe(file.sha256)
    // Seeking asks for ranges: one range is answered with 206 and those bytes, a range
    // past the end with 416.
    const part = await fetch(fileUrl, { headers: { range: 'bytes=10-19' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(10, 20))).toBe(true)
    const past = await fetch(fileUrl, { headers: { range: `bytes=${whole.length}-` } })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`)
    expect((await fetch(`${host.url}/library/..%2F..%2Fsettings.json?token=${host.token}`)).status).toBe(404)
    expect((await fetch(`${host.url}/library/${file.path}`)).status).toBe(401)
    const account = await call('account.get', {})
    // The key by its id, name and last four characters; not its prefix.
    expect(account.body.data.apiKey).toEqual({ id: expect.any(String), name: expect.any(String), last4: LIVE_KEY.slice(-4) })
    expect(account.body.data.team.credits).toEqual(expect.any(Number))
    await call('catalog.list', {})
    await call('settings.get', {})
    const wrongKey = await call('loras.list', {})
    expect(wrongKey.body.ok).toBe(true)
    await vi.waitFor(() => expect(events).toContain('event: library.updated'), { timeout: 60_000, interval: 50 })
    // Credits are re-read after a charge, and a dismissed job leaves the queue everywhere.
    await vi.waitFor(() => expect(events).toContain('event: account.updated'), { timeout: 60_000, interval: 50 })
    await call('jobs.dismiss', { localId })
    await vi.waitFor(() => expect(events).toContain('event: job.removed'), { timeout: 60_000, interval: 50 })
    expect((await call('jobs.list', {})).body.data.some((j: Json) => j.localId === localId)).toBe(false)
    const everything = [...seen, events].join('\n')
    expect(KEY_STRETCHES.filter((s) => everything.includes(s))).toEqual([])
    const cleared = await call('key.clear', {})
    expect(cleared.body.data.mode).toBe('demo')
  })
})
