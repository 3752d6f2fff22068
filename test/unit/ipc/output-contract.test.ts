// The controller checks what it answers against the IPC contract: every route that can
// run in demo mode goes through `dispatch` with the check on and keeps to its schema, and
// a handler or event that breaks the contract is answered with a loud `internal` error.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppController, type ControllerOptions } from '../../../src/main/core/app/controller'
import type { SettingsStore } from '../../../src/main/core/settings/storage-ports'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import { ROUTE_NAMES, type AppEvent, type RouteName, type RouteOutput } from '../../../src/shared/contract'
import type { UpdateStatus } from '../../../src/shared/app/updates'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { startDemoService } from '../../../src/simulator/demo-mode'
import { textChunk, withPngChunks } from '../support/tool-images'

const withText = (png: Buffer, keyword: string, text: string): Buffer => withPngChunks(png, [textChunk({ keyword, text })])

async function png(seed: number): Promise<string> {
  const buf = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: (seed * 37) % 255, g: 90, b: 140 } } }).png().toBuffer()
  return buf.toString('base64')
}

async function until<T>(fn: () => Promise<T | undefined | false>, what: string, ms = 60_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn()
      if (!v) throw new Error(`still waiting: ${what}`)
      return v
    },
    { timeout: ms, interval: 50 }
  )
}

describe('every route in demo mode keeps to its output schema', () => {
  let dir: string
  let c: AppController
  let live: Simulator
  const ran = new Set<RouteName>()
  const eventsSeen: AppEvent[] = []
  const revealed: string[] = []
  const opened: string[] = []
  let restarts = 0
  const readyUpdate: UpdateStatus = { state: 'ready', currentVersion: 'test', version: '9.9.9', releaseNotes: 'New things', message: null, checkedAt: new Date().toISOString() }

  async function ok<R extends RouteName>(route: R, input: unknown): Promise<RouteOutput<R>> {
    const r = await c.dispatch(route, input)
    if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
    ran.add(route)
    return r.data as RouteOutput<R>
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipc-outputs-'))
    live = await startSimulator({ port: 0, speed: 40, allowPrivateWebhooks: true, rateLimit: false })
    c = await AppController.start({
      dataDir: dir,
      secrets: FileSecretStore.inDir(dir),
      settings: new FileSettingsStore(join(dir, 'settings.json')),
      hooks: {
        platform: 'electron', revealFile: (p) => void revealed.push(p), pickFolder: async () => '/chosen/pictures', openExternal: async (u) => void opened.push(u), notify: () => undefined,
        updates: { status: () => readyUpdate, checkNow: async () => readyUpdate, restartToUpdate: async () => void restarts++ }
      },
      version: 'test',
      startDemoService: (options) => startDemoService({ ...options, speed: 40 }),
      checkOutputs: true
    })
    c.onEvent((e) => void eventsSeen.push(e))
  })
  afterAll(async () => {
    await c?.close()
    await live?.close().catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
  })

  it('answers each route within the contract', async () => {
    await ok('app.info', {})
    await ok('settings.get', {})
    await ok('settings.update', { notifications: true })
    await ok('account.get', {})
    await ok('catalog.list', {})
    await ok('jobs.estimate', { request: { model: 'i8-1', prompt: 'x', i8Params: { number_of_images: 2 } } })
    await ok('legacy.estimate', { request: { model: 'lv-a', prompt: 'a slow pan', resolution: '480p', duration: 4 } })

    // A generation from an uploaded input, saved to the library.
    const upload = await ok('uploads.create', { file: { fileName: 'in.png', dataBase64: await png(1) }, field: 'b1Params.image' })
    const job = await ok('jobs.submit', { request: { model: 'b1-1', b1Params: { image: upload.url } }, inputs: [{ field: 'b1Params.image', uploadId: upload.id }] })
    const saved = await until(async () => (await ok('jobs.list', {})).find((j) => j.localId === job.localId && j.saved === 'saved'), 'job saved')
    const jobId = saved.jobId ?? ''
    await ok('library.list', {})
    expect(await ok('library.models', {})).toEqual(['b1-1'])
    const entry = await ok('library.get', { jobId })
    // Its look: pictures like it, groups of near-identical ones, its lineage, the measuring's progress.
    await ok('library.similar', { jobId, index: 0 })
    await ok('library.duplicates', {})
    await ok('library.lineage', { jobId })
    await ok('library.lookProgress', {})
    // The saved image carries the request it was made with.
    const image = await readFile(join(c.libraryDir(), entry.files[0]?.path ?? 'missing'))
    expect((await ok('settings.fromFile', { file: { fileName: 'out.png', dataBase64: image.toString('base64') } })).source).toBe('mediagen')

    // Favourites and boards, exported and imported again.
    await ok('library.setFavorite', { jobIds: [jobId], favorite: true })
    const board = await ok('boards.create', { name: 'Keepers' })
    await ok('boards.setMembers', { boardId: board.id, jobIds: [jobId], on: true })
    await ok('boards.rename', { id: board.id, name: 'Best' })
    await ok('boards.list', {})
    await ok('library.list', { favorite: true, board: board.id, sort: 'oldest', status: 'saved' })
    // A folder of boards, tags with their suggestions, and a smart collection with its count.
    const folder = await ok('boards.create', { name: 'Clients', kind: 'folder' })
    expect(await ok('boards.move', { id: board.id, parent: folder.id })).toMatchObject({ parent: folder.id })
    expect(await ok('tags.change', { jobIds: [jobId], add: ['Keeper'], remove: [] })).toEqual({ changed: 1 })
    expect(await ok('tags.suggest', { prefix: 'kee' })).toEqual([{ name: 'Keeper', count: 1 }])
    const smart = await ok('smartCollections.create', { name: 'Keepers', filter: { tagsAll: ['keeper'] } })
    expect(smart.count).toBe(1)
    await ok('smartCollections.rename', { id: smart.id, name: 'Kept' })
    await ok('smartCollections.update', { id: smart.id, filter: { tagsAny: ['keeper'], favorite: true } })
    expect((await ok('smartCollections.list', {})).map((c) => c.name)).toEqual(['Kept'])
    await ok('smartCollections.delete', { id: smart.id })
    const exported = await ok('collections.export', {})
    await ok('boards.delete', { id: board.id })
    await ok('collections.import', { data: exported })

    // Removed together and put back together (the Undo of "keep the best").
    expect(await ok('library.removeMany', { jobIds: [jobId] })).toMatchObject({ removed: [jobId] })
    expect((await ok('library.restoreMany', { jobIds: [jobId] })).restored).toHaveLength(1)
    await ok('library.reveal', { jobId, index: 0 })
    expect(revealed).toHaveLength(1)
    // A folder of another tool's pictures, imported (there is nothing left to cancel after).
    const pictures = join(dir, 'pictures')
    await mkdir(pictures, { recursive: true })
    await writeFile(join(pictures, 'a1111.png'), withText(Buffer.from(await png(3), 'base64'), 'parameters', 'a cabin\nSteps: 20, Seed: 5, Size: 32x24, Model: sd_xl_base_1.0'))
    expect(await ok('library.import', { dir: pictures })).toMatchObject({ imported: 1, cancelled: false })
    expect(await ok('library.importCancel', {})).toEqual({ cancelled: false })
    expect(await ok('library.pickImportFolder', {})).toEqual({ dir: '/chosen/pictures' })
    await ok('uploads.fromLibrary', { jobId, index: 0 })
    // The kept copy of an input goes up again under a new URL.
    const renewed = await ok('uploads.renew', { path: upload.localPath })
    expect(renewed.url).not.toBe(upload.url)
    await ok('jobs.retry', { localId: job.localId })
    await ok('saving.retryNow', {})
    // Nothing damaged in a healthy library: the repair checks it and finds nothing to say.
    expect((await ok('library.repair', {})).lines).toEqual([])
    await ok('library.remove', { jobId })
    await ok('library.restore', { jobId })
    await ok('jobs.dismiss', { localId: job.localId })

    // One confirmed send of two jobs (a batch), each answered for itself.
    const pair = await ok('jobs.submitConfirmed', { jobs: [{ request: { model: 'i1-1', prompt: 'a pair, one' } }, { request: { model: 'i1-1', prompt: 'a pair, two' } }] })
    expect(pair.map((a) => a.ok)).toEqual([true, true])

    // A long video, cancelled while it runs.
    const video = await ok('jobs.submit', { request: { model: 'v2-1', prompt: 'a long video', v2Params: { duration: 10 } } })
    await ok('jobs.cancel', { localId: video.localId })

    // A failure on purpose, and a track saved with its audio facts.
    const failing = await ok('jobs.submit', { request: { model: 'i1-1', prompt: 'a storm #fail' } })
    const track = await ok('jobs.submit', { request: { model: 'm1-1', prompt: 'a calm tune', m1Params: { duration_seconds: 5 } } })
    await until(async () => (await ok('jobs.list', {})).find((j) => j.localId === failing.localId && j.status === 'FAILED'), 'job failed')
    await until(async () => (await ok('jobs.list', {})).find((j) => j.localId === track.localId && j.saved === 'saved'), 'track saved')

    await ok('legacy.submit', { request: { model: 'lv-a', prompt: 'a slow pan over hills', duration: 4, resolution: '480p' } })
    await ok('assets.create', { url: 'https://example.com/a.png', type: 'image' })

    const images = await Promise.all(Array.from({ length: 15 }, async (_, i) => ({ fileName: `f${i}.png`, dataBase64: await png(i + 2) })))
    const lora = await ok('loras.create', { name: 'me', subjectKind: 'person', triggerWord: 'zqx', images })
    await until(async () => (await ok('loras.list', {})).find((l) => l.id === lora.id && l.status === 'READY'), 'LoRA ready')
    await ok('loras.rename', { id: lora.id, name: 'me, renamed', triggerWord: null })
    await ok('loras.delete', { id: lora.id })

    // Demo mode's webhooks are local: the self-check reaches the listener directly.
    expect((await ok('webhooks.check', {})).ok).toBe(true)
    expect((await ok('webhooks.health', {})).received).toBeGreaterThan(0)

    // The demo account is its team's owner: both views of the spend answer.
    const mine = await ok('spend.summary', { scope: 'mine' })
    expect(mine.totals.jobs).toBeGreaterThan(0)
    await ok('spend.summary', { scope: 'team' })
    expect((await ok('limits.get', {})).spentThisMonth).toBeGreaterThan(0)
    expect((await ok('jobs.team', {})).length).toBeGreaterThan(0)

    await ok('shell.openExternal', { url: 'https://example.com/help' })
    expect(opened).toEqual(['https://example.com/help'])

    expect(await ok('updates.status', {})).toEqual(readyUpdate)
    expect(await ok('updates.check', {})).toEqual(readyUpdate)
    await ok('updates.restart', {})
    expect(restarts).toBe(1)

    // Connecting an account (here a second demo service) and leaving it again.
    await ok('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
    expect((await ok('key.set', { apiKey: live.apiKey })).mode).toBe('live')
    // An input uploaded in demo mode, uploaded again to the account's service.
    await ok('uploads.carry', { uploadId: upload.id })
    await ok('account.get', {})
    expect((await ok('library.move', { to: join(dir, 'moved-library') })).libraryDir).toBe(join(dir, 'moved-library'))
    // With the service gone, the catalog comes from the copy saved on the last success.
    await live.close()
    // It is answered at once from that copy; once the service was found gone, it says so.
    expect(await ok('catalog.list', {})).toMatchObject({ models: expect.arrayContaining([expect.objectContaining({ id: 'i1-1' })]) })
    await vi.waitFor(async () => expect(await ok('catalog.list', {})).toMatchObject({ offline: true, models: expect.arrayContaining([expect.objectContaining({ id: 'i1-1' })]) }), { timeout: 20_000, interval: 100 })
    expect((await ok('key.clear', {})).mode).toBe('demo')

    expect([...ran].sort()).toEqual([...ROUTE_NAMES].sort())
    // A payload that broke the contract would have been turned into such a notice.
    const broken = eventsSeen.filter((e) => e.name === 'notice' && e.payload.message.includes('outside the contract'))
    expect(broken).toEqual([])
    // Every event the engine sends was seen and checked (menu commands come from Electron's
    // menu, and notices only when something needs saying).
    const names = new Set(eventsSeen.map((e) => e.name).filter((n) => n !== 'notice'))
    expect(names).toEqual(new Set(['job.updated', 'job.removed', 'library.updated', 'library.removed', 'account.updated', 'app.changed', 'library.moveProgress', 'library.importProgress', 'smartCollections.countsChanged', 'library.lookProgress', 'catalog.changed']))
  })
})

/** Settings whose stored value the contract does not allow, as a faulty store could return. */
function brokenSettings(inner: SettingsStore): SettingsStore {
  return {
    get: () => ({ ...inner.get(), notifications: 'yes' as unknown as boolean }),
    update: (patch) => inner.update(patch)
  }
}

describe('a handler that breaks the contract', () => {
  let dir: string
  const controllers: AppController[] = []

  async function start(over: Partial<ControllerOptions>): Promise<AppController> {
    const c = await AppController.start({
      dataDir: await mkdtemp(join(dir, 'c-')),
      secrets: FileSecretStore.inDir(dir),
      settings: brokenSettings(new FileSettingsStore(join(dir, 'settings.json'))),
      hooks: { platform: 'browser' },
      version: 'test',
      startDemoService: (options) => startDemoService({ ...options, speed: 40 }),
      ...over
    })
    controllers.push(c)
    return c
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ipc-broken-'))
  })
  afterAll(async () => {
    await Promise.all(controllers.map((c) => c.close()))
    await rm(dir, { recursive: true, force: true })
  })

  it('is answered with an internal error naming the route and the field, and logged', async () => {
    const c = await start({ checkOutputs: true })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const r = await c.dispatch('settings.get', {})
      expect(r).toEqual({ ok: false, error: { code: 'internal', message: expect.stringContaining("Route 'settings.get'") } })
      expect(!r.ok && r.error.message).toContain('notifications')
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("Route 'settings.get' answered outside the contract at notifications"))
      // Routes whose answers are right are untouched.
      expect(await c.dispatch('app.info', {})).toMatchObject({ ok: true })
    } finally {
      logged.mockRestore()
    }
  })

  it('turns an event that breaks the contract into an error notice instead of sending it', async () => {
    // The platform is part of every app.changed event; this one is not a platform the contract knows.
    const c = await start({ checkOutputs: true, hooks: { platform: 'tablet' as unknown as 'browser' } })
    const seen: AppEvent[] = []
    c.onEvent((e) => void seen.push(e))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const r = await c.dispatch('key.clear', {})
      expect(r).toMatchObject({ ok: false, error: { code: 'internal', message: expect.stringMatching(/^Route 'key\.clear' answered outside the contract at platform/) } })
      expect(seen.some((e) => e.name === 'app.changed')).toBe(false)
      expect(seen).toContainEqual({ name: 'notice', payload: { level: 'error', message: expect.stringMatching(/^Event 'app\.changed' was sent outside the contract at platform/) } })
    } finally {
      logged.mockRestore()
    }
  })

  it('passes through unchecked when checking is off, as in a packaged app', async () => {
    const c = await start({ checkOutputs: false })
    expect(await c.dispatch('settings.get', {})).toMatchObject({ ok: true, data: { notifications: 'yes' } })
  })
})
