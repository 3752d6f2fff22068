// The account as the app reports it is what the service said: a wrong key is refused
// with one message and never switched to, an unreachable service is named, jobs wait
// (and can be cancelled or dismissed) while it is, and go out once it accepts the key.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import { startSimulator, type Simulator } from '../../../src/simulator'
import type { AppEvent } from '../../../src/shared/contract'
import { startTestController } from '../support/test-controller'
import { startTcpGate, type TcpGate } from '../support/tcp-gate'
import type { AppInfo } from '../../../src/shared/app/settings'
import type { JobView } from '../../../src/shared/app/views'

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
const WRONG_KEY = 'mgk_wrong000000000000000000000000000'
let dir: string
let c: AppController
let live: Simulator
/** The live service's address as the app knows it, which can stop answering. */
let gate: TcpGate
let events: AppEvent[]
let jobsBefore = 0

async function ok<T>(route: string, input: unknown): Promise<T> {
  const r = await c.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
  return r.data as T
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'account-'))
  live = await startSimulator({ port: 0, speed: 20, apiKey: LIVE_KEY, dataDir: join(dir, 'live-service') })
  gate = await startTcpGate(live.url)
  ;({ controller: c, events } = await startTestController(join(dir, 'app')))
})

afterAll(async () => {
  await c?.close()
  await gate?.close()
  await live?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('account truth', () => {
  it('refuses a wrong key with one message and stays where it was', async () => {
    await ok('settings.update', { baseUrl: gate.url, legacyBaseUrl: live.legacyUrl })
    const r = await c.dispatch('key.set', { apiKey: WRONG_KEY })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('auth')
    expect(r.error.message).toBe('The API key was rejected by the service. The key was not saved.')
    expect(r.error.details?.apiKey).toEqual([r.error.message])
    const info = await ok<AppInfo>('app.info', {})
    expect(info).toMatchObject({ mode: 'demo', keySet: false, connection: { state: 'demo' } })
    expect(events.filter((e) => e.name === 'notice' && /rejected/i.test(e.payload.message))).toEqual([])
  })

  it('says connected only once the service accepted the key', async () => {
    const info = await ok<AppInfo>('key.set', { apiKey: LIVE_KEY })
    expect(info).toMatchObject({ mode: 'live', keySet: true, connection: { state: 'connected', message: null } })
    const changed = events.filter((e): e is Extract<AppEvent, { name: 'app.changed' }> => e.name === 'app.changed')
    // While it switched, it said it was checking, never connected with another key.
    expect(changed.map((e) => e.payload.connection.state)).toContain('connected')
    expect(changed.at(-1)?.payload.connection.state).toBe('connected')
  })

  it('names a base URL it cannot reach, holds jobs, and lets them be cancelled or dismissed', async () => {
    jobsBefore = live.jobCount()
    const port = new URL(gate.url).port
    gate.shut()
    // A connection setting changes, so the app asks the service again, at the same address.
    await ok('settings.update', { maxConcurrentDownloads: 3 })
    const info = await ok<AppInfo>('app.info', {})
    expect(info.connection).toEqual({ state: 'unreachable', message: `Cannot reach 127.0.0.1:${port}` })
    expect(info.keySet).toBe(true)

    const first = await ok<JobView>('jobs.submit', { request: { model: 'i1-1', prompt: 'held one' } })
    expect(first.submission).toBe('journaled')
    expect(first.error).toContain(`Cannot reach 127.0.0.1:${port}`)
    const cancelled = await ok<JobView>('jobs.cancel', { localId: first.localId })
    expect(cancelled).toMatchObject({ submission: 'rejected', error: 'Cancelled before it reached the service' })

    const second = await ok<JobView>('jobs.submit', { request: { model: 'i1-1', prompt: 'dismissed one' } })
    await ok('jobs.dismiss', { localId: second.localId })
    const listed = await ok<JobView[]>('jobs.list', {})
    expect(listed.map((j) => j.localId)).not.toContain(second.localId)
  })

  it('sends held jobs once the service is back and accepts the key', async () => {
    const held = await ok<JobView>('jobs.submit', { request: { model: 'i1-1', prompt: 'sent later' } })
    expect(held.submission).toBe('journaled')
    gate.open()
    await ok('settings.update', { maxConcurrentDownloads: 4 })
    expect((await ok<AppInfo>('app.info', {})).connection.state).toBe('connected')
    await vi.waitFor(async () => {
      const jobs = await ok<JobView[]>('jobs.list', {})
      expect(jobs.find((j) => j.localId === held.localId)?.submission).toBe('accepted')
    }, { timeout: 15_000, interval: 100 })
    // Only that one reached the service: the cancelled and the dismissed ones never did.
    expect(live.jobCount()).toBe(jobsBefore + 1)
  }, 30_000)
})
