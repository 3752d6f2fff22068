// The API key goes only where the user gave it. A caller of the app's routes (the page,
// or anyone holding the host's token) who points the base URL or the legacy URL at
// another origin makes the app forget the key; it is never sent there, not by the
// connection check, the account, a job, a legacy job, nor after a restart. Addresses
// written into the settings file while the app was closed are treated the same way.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { startSimulator, type Simulator } from '../../../src/simulator'
import type { AppEvent } from '../../../src/shared/contract'
import type { AppInfo, Settings } from '../../../src/shared/app/settings'
import type { JobView } from '../../../src/shared/app/views'
import { startRecordingServer, type RecordingServer } from '../support/recording-server'
import { startTestController } from '../support/test-controller'

/** The settings file as every shell writes it. */
type StoredFile = { schemaVersion: number; settings: Settings }

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
const OTHER_KEY = 'mgk_othr0123456789abcdef0123456789cd'
const IMAGE = { request: { model: 'i1-1', prompt: 'a lighthouse at dusk' } }
const LEGACY = { request: { model: 'lv-a', prompt: 'a slow pan over hills', duration: 4, resolution: '480p' } }

let dir: string
let appDir: string
let live: Simulator
let other: Simulator
let attacker: RecordingServer
let c: AppController
let events: AppEvent[]

async function ok<T>(route: string, input: unknown): Promise<T> {
  const r = await c.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
  return r.data as T
}

const info = () => ok<AppInfo>('app.info', {})

async function connect(service: Simulator, key: string): Promise<void> {
  await ok('settings.update', { baseUrl: service.url, legacyBaseUrl: service.legacyUrl })
  expect(await ok<AppInfo>('key.set', { apiKey: key })).toMatchObject({ mode: 'live', keySet: true, keyNeeded: null, connection: { state: 'connected' } })
}

/** Every route that would send the key to the configured service; what they answer does not matter here. */
async function useEveryRoute(): Promise<void> {
  await c.dispatch('account.get', {})
  await c.dispatch('jobs.submit', IMAGE)
  await c.dispatch('legacy.submit', LEGACY)
}

async function restartApp(): Promise<void> {
  await c.close()
  ;({ controller: c, events } = await startTestController(appDir))
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'key-binding-'))
  appDir = join(dir, 'app')
  live = await startSimulator({ port: 0, speed: 20, apiKey: LIVE_KEY, dataDir: join(dir, 'live-service') })
  other = await startSimulator({ port: 0, speed: 20, apiKey: OTHER_KEY, dataDir: join(dir, 'other-service') })
  attacker = await startRecordingServer()
  ;({ controller: c, events } = await startTestController(appDir))
})

afterAll(async () => {
  await c?.close()
  await attacker?.close()
  await other?.close()
  await live?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('the API key stays with its service', () => {
  it('is kept when the address changes within the same origin', async () => {
    await connect(live, LIVE_KEY)
    await ok('settings.update', { baseUrl: `${live.url}/`, legacyBaseUrl: `${live.url}/legacy/` })
    expect(await info()).toMatchObject({ mode: 'live', keySet: true, keyLast4: LIVE_KEY.slice(-4), connection: { state: 'connected' } })
  })

  it('refuses plain http to another computer, naming the field, and keeps what was set', async () => {
    const before = await ok<Settings>('settings.get', {})
    for (const field of ['baseUrl', 'legacyBaseUrl'] as const) {
      for (const url of ['http://api.example.com', 'http://10.0.0.5:8787', 'http://[2001:db8::1]/v2']) {
        const r = await c.dispatch('settings.update', { [field]: url })
        expect(r.ok, `${field} = ${url}`).toBe(false)
        if (r.ok) continue
        expect(r.error.code).toBe('invalid_input')
        expect(r.error.message).toContain(field)
        expect(r.error.details?.[field]?.[0]).toMatch(/^Must use https:\/\//)
      }
    }
    expect(await ok<Settings>('settings.get', {})).toEqual(before)
    expect(await info()).toMatchObject({ keySet: true, connection: { state: 'connected' } })
  })

  it('refuses a key with a control character or outside visible ASCII, naming the field, and keeps the key it had', async () => {
    for (const bad of [`${OTHER_KEY}\r\nX-Injected: 1`, `mgk_a\nbcdefgh`, `${OTHER_KEY}\u0000`, `mgk_abc\tdefgh`, `mgk_abc\u007fdefgh`, `mgk_abc\u001bdefgh`, 'mgk_abc defgh', 'mgk_abcdéfgh']) {
      const r = await c.dispatch('key.set', { apiKey: bad })
      expect(r.ok, JSON.stringify(bad)).toBe(false)
      if (r.ok) continue
      expect(r.error.code).toBe('invalid_input')
      expect(r.error.message).toContain('apiKey')
      expect(r.error.details?.apiKey?.[0]).toMatch(/API key/)
    }
    expect(other.jobCount()).toBe(0)
    expect(await info()).toMatchObject({ keySet: true, keyLast4: LIVE_KEY.slice(-4), connection: { state: 'connected' } })
  })

  it('is forgotten when a caller points the base URL at another origin, which never receives it', async () => {
    // settings.update answers once the app has checked the connection to the new address.
    await ok('settings.update', { baseUrl: attacker.url })
    expect(attacker.carrying(LIVE_KEY)).toEqual([])
    const now = await info()
    expect(now).toMatchObject({ mode: 'demo', keySet: false, keyLast4: null })
    expect(now.keyNeeded).toContain(`The service URL now points to ${attacker.url}`)
    expect(events.some((e) => e.name === 'notice' && e.payload.level === 'warning' && e.payload.message === now.keyNeeded)).toBe(true)
    expect(await FileSecretStore.inDir(appDir).getApiKey()).toBeNull()
    await useEveryRoute()
    expect(attacker.carrying(LIVE_KEY)).toEqual([])
  })

  it('is never sent to an origin written into the settings file while the app was closed, and works again once the address is back', async () => {
    await connect(live, LIVE_KEY)
    await c.close()
    const file = join(appDir, 'settings.json')
    // Settings are saved in the background: the edit goes over what the app wrote last.
    await vi.waitFor(async () => expect((JSON.parse(await readFile(file, 'utf8')) as StoredFile).settings.baseUrl).toBe(live.url))
    const saved = JSON.parse(await readFile(file, 'utf8')) as StoredFile
    await writeFile(file, JSON.stringify({ ...saved, settings: { ...saved.settings, baseUrl: attacker.url } }))
    ;({ controller: c, events } = await startTestController(appDir))
    await useEveryRoute()
    expect(attacker.carrying(LIVE_KEY)).toEqual([])
    const now = await info()
    expect(now).toMatchObject({ mode: 'demo', keySet: false })
    expect(now.keyNeeded).toContain(`The saved API key was given for ${live.url}`)

    await ok('settings.update', { baseUrl: live.url })
    expect(await info()).toMatchObject({ mode: 'live', keySet: true, keyNeeded: null, connection: { state: 'connected' } })
  })

  it('is forgotten when a caller points the legacy URL at another origin, which never receives it, even after a restart', async () => {
    await ok('settings.update', { legacyBaseUrl: `${attacker.url}/legacy` })
    await c.dispatch('legacy.submit', LEGACY)
    expect(attacker.carrying(LIVE_KEY)).toEqual([])
    const now = await info()
    expect(now).toMatchObject({ mode: 'demo', keySet: false })
    expect(now.keyNeeded).toContain(`The legacy URL now points to ${attacker.url}`)
    await useEveryRoute()
    await restartApp()
    expect(await info()).toMatchObject({ mode: 'demo', keySet: false })
    await useEveryRoute()
    expect(attacker.carrying(LIVE_KEY)).toEqual([])
  })

  it('goes to the new origin once the user enters a key for it', async () => {
    await connect(other, OTHER_KEY)
    expect((await ok<{ apiKey: { last4: string } | null }>('account.get', {})).apiKey?.last4).toBe(OTHER_KEY.slice(-4))
    const job = await ok<JobView>('jobs.submit', IMAGE)
    expect(job.submission).toBe('accepted')
    expect(other.jobCount()).toBe(1)
    expect(await ok<JobView>('legacy.submit', LEGACY)).toMatchObject({ kind: 'legacy', submission: 'accepted' })
    expect(attacker.carrying(LIVE_KEY)).toEqual([])
    expect(attacker.carrying(OTHER_KEY)).toEqual([])
  })

  it('sends legacy jobs under the base URL when no legacy URL is set, as the command line does', async () => {
    await ok('settings.update', { legacyBaseUrl: '' })
    expect(await info()).toMatchObject({ mode: 'live', keySet: true, connection: { state: 'connected' } })
    expect(await ok<JobView>('legacy.submit', LEGACY)).toMatchObject({ kind: 'legacy', submission: 'accepted' })
  })
})
