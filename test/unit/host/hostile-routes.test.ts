// A page that turned hostile cannot make main write onto a prototype, key an object by the
// prototype's names, or name a file outside the library: every route of the contract takes
// hostile values in every field, and afterwards the app still answers as before.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { JobView } from '../../../src/shared/app/views'
import { ROUTE_NAMES, type RouteName } from '../../../src/shared/contract'
import { expectUnharmed, hostileValues, sendHostileInputs } from '../support/hostile-inputs'
import { startTestController, type TestApp } from '../support/test-controller'

let dir: string
let app: TestApp
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype)
const dispatch = (route: string, input: unknown) => app.controller.dispatch(route, input)

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
async function ok(route: RouteName, input: unknown): Promise<any> {
  const r = await dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
  return r.data
}

async function pngBase64(): Promise<string> {
  return (await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer()).toString('base64')
}

function saved(localId: string): Promise<JobView> {
  return vi.waitFor(async () => {
    const job = ((await ok('jobs.list', {})) as JobView[]).find((j) => j.localId === localId)
    expect(job?.saved).toBe('saved')
    return job!
  }, { timeout: 60_000, interval: 50 })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hostile-routes-'))
  app = await startTestController(dir, { demoSpeed: 40 })
})
afterAll(async () => {
  await app?.controller.close()
  await rm(dir, { recursive: true, force: true })
})

describe('hostile route inputs', () => {
  it('refuses an input field that names the prototype, so a retry cannot write onto it', async () => {
    const upload = await ok('uploads.create', { file: { fileName: 'in.png', dataBase64: await pngBase64() }, field: 'u1Params.image' })
    const hostile = await dispatch('jobs.submit', { request: { model: 'u1-1', u1Params: { image: upload.url } }, inputs: [{ field: '__proto__.query', uploadId: upload.id }] })
    expect(hostile).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { 'inputs.0.field': [expect.stringContaining('__proto__')] } } })
    const job: JobView = await ok('jobs.submit', { request: { model: 'u1-1', u1Params: { image: upload.url } }, inputs: [{ field: 'u1Params.image', uploadId: upload.id }] })
    await ok('jobs.retry', { localId: job.localId })
    await expectUnharmed(dispatch, prototypeKeys)
  })

  it('refuses the prototype\'s names as keys anywhere in an input, naming where', async () => {
    const cases: [RouteName, string, string][] = [
      ['settings.update', '{"__proto__": {"theme": "light"}}', '__proto__'],
      ['jobs.estimate', '{"request": {"model": "i1-1", "prompt": "a", "i1Params": {"constructor": {"prototype": {"query": 1}}}}}', 'request.i1Params.constructor'],
      ['jobs.submit', '{"request": {"model": "u1-1", "u1Params": {"image": "https://example.com/a.png", "__proto__": {"query": 1}}}}', 'request.u1Params.__proto__'],
      ['legacy.estimate', '{"request": {"prototype": {"query": 1}}}', 'request.prototype'],
      ['library.list', '{"__proto__": {"query": "x"}}', '__proto__'],
      ['collections.import', '{"data": {"version": 1, "boards": [], "members": {"__proto__": []}, "favorites": []}}', 'data.members.__proto__']
    ]
    for (const [route, json, where] of cases) {
      const r = await dispatch(route, JSON.parse(json))
      expect(r, json).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { [where]: [expect.stringMatching(/is not allowed as a name/)] } } })
    }
    await expectUnharmed(dispatch, prototypeKeys)
  })

  it('refuses an input field that is not one of the model\'s input paths, naming it', async () => {
    const upload = await ok('uploads.create', { file: { fileName: 'in.png', dataBase64: await pngBase64() } })
    const before = ((await ok('jobs.list', {})) as JobView[]).length
    const request = { model: 'i2-1', prompt: 'a cat', i2Params: { image_input: [upload.url] } }
    for (const field of ['i2Params.output_format', 'i2Params.image_input.14', 'u1Params.image', 'i2Params.image_input', 'i2Params.image_input.01', 'model']) {
      const r = await dispatch('jobs.submit', { request, inputs: [{ field, uploadId: upload.id }] })
      expect(r, field).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining(field), details: { 'inputs.0.field': ['Not an input of i2-1'] } } })
    }
    expect(((await ok('jobs.list', {})) as JobView[]).length).toBe(before)
    const job: JobView = await ok('jobs.submit', { request, inputs: [{ field: 'i2Params.image_input.0', uploadId: upload.id }] })
    expect(job.submission).toBe('accepted')
  })

  it('refuses an upload id main does not know, naming the field, and sends nothing', async () => {
    const before = ((await ok('jobs.list', {})) as JobView[]).length
    const r = await dispatch('jobs.submit', { request: { model: 'b1-1', b1Params: { image: 'https://example.com/a.png' } }, inputs: [{ field: 'b1Params.image', uploadId: 'upl_never_made' }] })
    expect(r).toMatchObject({ ok: false, error: { code: 'validation', details: { 'b1Params.image': [expect.stringContaining('not known')] } } })
    expect(((await ok('jobs.list', {})) as JobView[]).length).toBe(before)
  })

  it('refuses ids that would climb out of a service URL, and file names with control characters', async () => {
    for (const id of ['..', '.']) {
      expect(await dispatch('loras.delete', { id })).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { id: ['Not a valid id'] } } })
      expect(await dispatch('loras.rename', { id, name: 'n' })).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { id: ['Not a valid id'] } } })
    }
    const named = await dispatch('uploads.create', { file: { fileName: 'in\r\nX-Injected: 1\0.png', dataBase64: await pngBase64() } })
    expect(named).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { 'file.fileName': ['Must not contain control characters'] } } })
  })

  it('sends again only a kept input, never another file of the library or beyond it', async () => {
    for (const path of ['boards.jsonl', 'files/x/0.png', 'inputs/../boards.jsonl', 'inputs/sub/a.png', '../settings.json', '/etc/passwd', 'inputs/a\0.png']) {
      const r = await dispatch('uploads.renew', { path })
      expect(r, path).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { path: [expect.any(String)] } } })
    }
    const upload = await ok('uploads.create', { file: { fileName: 'in.png', dataBase64: await pngBase64() } })
    expect(await ok('uploads.renew', { path: upload.localPath })).toMatchObject({ localPath: upload.localPath })
  })

  it('checks an import in full before writing any of it', async () => {
    const boardsBefore = await ok('boards.list', {})
    const createdAt = new Date().toISOString()
    const board = (id: string, at = createdAt) => ({ id, name: `board ${id}`, createdAt: at })
    const imports = [
      { boards: [board('fine-1'), board('constructor')], members: {}, favorites: [] },
      { boards: [board('fine-2'), board('prototype')], members: {}, favorites: [] },
      { boards: [board('fine-3')], members: JSON.parse('{"__proto__": ["x"]}') as unknown, favorites: [] },
      { boards: [board('fine-4'), board('late', 'yesterday')], members: {}, favorites: [] },
      { boards: [board('fine-5')], members: {}, favorites: ['__proto__'] }
    ]
    for (const data of imports) {
      const r = await dispatch('collections.import', { data: { version: 1, ...data } })
      expect(r, JSON.stringify(data)).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
    expect(await ok('boards.list', {})).toEqual(boardsBefore)
    // A board whose members are listed under a name the prototype also has is imported as data.
    const fine = await ok('collections.import', { data: { version: 1, boards: [board('valueOf')], members: { valueOf: [] }, favorites: [] } })
    expect(fine).toEqual({ boards: 1, entries: 0 })
    expect((await ok('collections.export', {})).members).toEqual(expect.objectContaining({ valueOf: [] }))
  })

  it('takes hostile values in every field of every route and still answers', async () => {
    const upload = await ok('uploads.create', { file: { fileName: 'in.png', dataBase64: await pngBase64() }, field: 'u1Params.image' })
    const job = await saved((await ok('jobs.submit', { request: { model: 'u1-1', u1Params: { image: upload.url } }, inputs: [{ field: 'u1Params.image', uploadId: upload.id }] })).localId)
    const jobId = job.jobId!
    const boardId = (await ok('boards.create', { name: 'kept' })).id as string
    const samples: Partial<Record<RouteName, unknown>> = {
      'settings.update': { theme: 'light' },
      'key.set': { apiKey: 'mgk_0123456789abcdef' },
      'jobs.submit': { request: { model: 'u1-1', u1Params: { image: upload.url } }, inputs: [{ field: 'u1Params.image', uploadId: upload.id }] },
      'jobs.submitConfirmed': { jobs: [{ request: { model: 'u1-1', u1Params: { image: upload.url } }, inputs: [{ field: 'u1Params.image', uploadId: upload.id }] }] },
      'jobs.cancel': { localId: job.localId },
      'jobs.retry': { localId: job.localId },
      'jobs.dismiss': { localId: job.localId },
      'jobs.estimate': { request: { model: 'i1-1', prompt: 'a cat' } },
      'library.list': { query: 'cat', board: boardId, lora: 'l', model: 'u1-1', from: '2020-01-01', to: '2099-01-01T00:00:00Z' },
      'library.setFavorite': { jobIds: [jobId], favorite: true },
      'boards.create': { name: 'b' },
      'boards.rename': { id: boardId, name: 'n' },
      'boards.delete': { id: boardId },
      'boards.setMembers': { boardId, jobIds: [jobId], on: true },
      'collections.import': { data: { version: 1, boards: [{ id: boardId, name: 'b', createdAt: new Date().toISOString() }], members: { [boardId]: [jobId] }, favorites: [jobId] } },
      'library.get': { jobId },
      'library.remove': { jobId },
      'library.restore': { jobId },
      'library.move': { to: join(dir, 'never-created') },
      'library.reveal': { jobId, index: 0 },
      'settings.fromFile': { file: { fileName: 'a.png', dataBase64: await pngBase64() } },
      'uploads.create': { file: { fileName: 'a.png', dataBase64: await pngBase64() }, field: 'u1Params.image' },
      'uploads.renew': { path: upload.localPath },
      'uploads.fromLibrary': { jobId, index: 0 },
      'loras.create': { name: 'me', subjectKind: 'person', libraryImages: [{ jobId, index: 0 }] },
      'loras.rename': { id: 'lora-1', name: 'n' },
      'loras.delete': { id: 'lora-1' },
      'assets.create': { url: 'https://example.com/a.png', type: 'image' },
      'legacy.submit': { request: { model: 'lv-a', prompt: 'hills', duration: 4, resolution: '480p' } },
      'legacy.estimate': { request: { model: 'lv-a', prompt: 'hills', duration: 4, resolution: '480p' } },
      'spend.summary': { scope: 'mine' },
      'shell.openExternal': { url: 'https://example.com' }
    }
    const calls = await sendHostileInputs(dispatch, samples)
    expect([...calls.keys()]).toEqual(ROUTE_NAMES)
    for (const [route, count] of calls) expect(count, route).toBeGreaterThanOrEqual(hostileValues().length)
    await expectUnharmed(dispatch, prototypeKeys)
    // What was there before is still there.
    expect((await ok('library.get', { jobId })).jobId).toBe(jobId)
    expect((await ok('boards.list', {})).map((b: { id: string }) => b.id)).toContain(boardId)
  }, 120_000)
})
