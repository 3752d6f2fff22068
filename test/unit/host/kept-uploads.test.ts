// The page keeps upload ids in its drafts across restarts: main keeps them too, so a job
// sent after a restart still records what it was made from, and Retry can send it again.
// A damaged list keeps what can be read, is set aside, and the user is told.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { damagedCopyPath, KeptUploads, MAX_KEPT_UPLOADS, type KeptUpload } from '../../../src/main/core/app/kept-uploads'
import { KEPT_UPLOADS_FILE } from '../../../src/main/core/app/routes/upload-routes'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import type { JobView, LibraryEntry } from '../../../src/shared/app/views'
import type { RouteName } from '../../../src/shared/contract'
import { expectUnharmed } from '../support/hostile-inputs'
import { startTestController, type TestApp } from '../support/test-controller'

let dir: string
let app: TestApp | null = null

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kept-uploads-'))
})
afterEach(async () => {
  await app?.controller.close()
  app = null
  await rm(dir, { recursive: true, force: true })
})

async function restart(): Promise<TestApp> {
  await app?.controller.close()
  app = await startTestController(dir, { demoSpeed: 40 })
  return app
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
async function ok(route: RouteName, input: unknown): Promise<any> {
  const r = await app!.controller.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
  return r.data
}

async function png(): Promise<string> {
  return (await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 200, b: 90 } } }).png().toBuffer()).toString('base64')
}

function savedEntry(localId: string): Promise<LibraryEntry> {
  return vi.waitFor(async () => {
    const job = ((await ok('jobs.list', {})) as JobView[]).find((j) => j.localId === localId)
    expect(job?.saved).toBe('saved')
    return (await ok('library.get', { jobId: job!.jobId })) as LibraryEntry
  }, { timeout: 60_000, interval: 50 })
}

const keptFile = () => join(dir, 'demo', KEPT_UPLOADS_FILE)

/**
 * An upload's address at the demo service as it runs now: it listens on a new port after
 * each restart (keeping its files), and main sends no other port's address (input-urls).
 */
async function atDemoNow(url: string): Promise<string> {
  const { baseUrl } = (await ok('app.info', {})) as { baseUrl: string }
  return new URL(new URL(url).pathname, baseUrl).href
}

function entry(uploadId: string, expiresAt = '2030-01-01T00:00:00.000Z'): KeptUpload {
  return { uploadId, expiresAt, input: { field: 'file', fileName: `${uploadId}.png`, path: `inputs/${uploadId}.png`, sha256: 'ab', bytes: 3, mime: 'image/png' } }
}

describe('uploads kept across a restart', () => {
  it('resolves an upload made before a restart into the job\'s inputs, and Retry sends it again', async () => {
    await restart()
    const upload = await ok('uploads.create', { file: { fileName: 'kept.png', dataBase64: await png() }, field: 'u1Params.image' })
    await restart()
    const job: JobView = await ok('jobs.submit', { request: { model: 'u1-1', u1Params: { image: await atDemoNow(upload.url) } }, inputs: [{ field: 'u1Params.image', uploadId: upload.id }] })
    const saved = await savedEntry(job.localId)
    expect(saved.inputs).toEqual([expect.objectContaining({ field: 'u1Params.image', fileName: 'kept.png', path: upload.localPath })])
    // Retry uploads the library's copy again, so the new job has the same input.
    const retried: JobView = await ok('jobs.retry', { localId: job.localId })
    expect((retried.request.u1Params as { image: string }).image).not.toBe(upload.url)
    expect((await savedEntry(retried.localId)).inputs[0]).toMatchObject({ field: 'u1Params.image', path: upload.localPath })
  })

  it('refuses, after a restart, an upload id main never made, naming the field', async () => {
    await restart()
    const upload = await ok('uploads.create', { file: { fileName: 'kept.png', dataBase64: await png() } })
    await restart()
    const r = await app!.controller.dispatch('jobs.submit', {
      request: { model: 'i2-1', prompt: 'two', i2Params: { image_input: [upload.url, upload.url] } },
      inputs: [{ field: 'i2Params.image_input.0', uploadId: upload.id }, { field: 'i2Params.image_input.1', uploadId: 'upl_unknown' }]
    })
    expect(r).toMatchObject({ ok: false, error: { code: 'validation', details: { 'i2Params.image_input.1': [expect.stringContaining('not known')] } } })
    expect(await ok('jobs.list', {})).toEqual([])
  })

  it('keeps what a damaged list still holds, sets the file aside and says so', async () => {
    await restart()
    const upload = await ok('uploads.create', { file: { fileName: 'kept.png', dataBase64: await png() } })
    await app!.controller.close()
    app = null
    const file = JSON.parse(await readFile(keptFile(), 'utf8')) as { version: 1; uploads: unknown[] }
    const damaged = JSON.stringify({ ...file, uploads: [...file.uploads, { uploadId: 'upl_broken', input: 'not an input' }] })
    await writeFile(keptFile(), damaged)
    await restart()
    const job: JobView = await ok('jobs.submit', { request: { model: 'b1-1', b1Params: { image: await atDemoNow(upload.url) } }, inputs: [{ field: 'b1Params.image', uploadId: upload.id }] })
    expect((await savedEntry(job.localId)).inputs[0]).toMatchObject({ field: 'b1Params.image', fileName: 'kept.png' })
    expect(app!.events).toContainEqual({ name: 'notice', payload: expect.objectContaining({ level: 'warning', message: expect.stringContaining('1 of the inputs uploaded before could not be read') }) })
    expect(await readFile(damagedCopyPath(keptFile()), 'utf8')).toBe(damaged)
  })
})

describe('a journal written before input fields were checked', () => {
  it('retries a job whose input field names the prototype without writing onto it', async () => {
    await restart()
    const upload = await ok('uploads.create', { file: { fileName: 'kept.png', dataBase64: await png() } })
    const job: JobView = await ok('jobs.submit', { request: { model: 'u1-1', u1Params: { image: upload.url } }, inputs: [{ field: 'u1Params.image', uploadId: upload.id }] })
    await app!.controller.close()
    app = null
    const journal = await JobStore.open(join(dir, 'demo', 'journal.jsonl'))
    const record = journal.get(job.localId)!
    await journal.put({ ...record, inputs: record.inputs.map((input) => ({ ...input, field: '__proto__.query' })) })
    await journal.close()
    await restart()
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype)
    const retried = await app!.controller.dispatch('jobs.retry', { localId: job.localId })
    // The service's own check refuses the stray property; nothing else in the app sees it.
    expect(retried).toMatchObject({ ok: false, error: { code: 'validation' } })
    await expectUnharmed((route, input) => app!.controller.dispatch(route, input), prototypeKeys)
  })
})

describe('the kept uploads file', () => {
  it('starts empty from an unreadable file, keeps its bytes aside, and says so', async () => {
    const path = join(dir, KEPT_UPLOADS_FILE)
    await writeFile(path, '{"version": 1, "uploads": [ {"uploadId": "upl_1", ')
    const told: string[] = []
    const kept = await KeptUploads.open(path, (m) => told.push(m))
    expect(kept.get('upl_1')).toBeUndefined()
    expect(told).toEqual([expect.stringContaining('could not be read')])
    expect(await readFile(damagedCopyPath(path), 'utf8')).toBe('{"version": 1, "uploads": [ {"uploadId": "upl_1", ')
    // It works on: a new upload is kept, and read back by the next start without a word.
    await kept.keep(entry('upl_2'))
    const reopened: string[] = []
    expect((await KeptUploads.open(path, (m) => reopened.push(m))).get('upl_2')).toEqual(entry('upl_2'))
    expect(reopened).toEqual([])
  })

  it('keeps the newest uploads only, so the file stays small', async () => {
    const path = join(dir, KEPT_UPLOADS_FILE)
    const kept = await KeptUploads.open(path, () => undefined)
    const year = (n: number) => `${2000 + n}-01-01T00:00:00.000Z`
    await kept.keep(entry('oldest', year(0)))
    for (let i = 1; i <= MAX_KEPT_UPLOADS; i++) void kept.keep(entry(`upl_${i}`, year(1 + (i % 50))))
    await kept.flushed()
    const reopened = await KeptUploads.open(path, () => undefined)
    expect(reopened.get('oldest')).toBeUndefined()
    expect(reopened.get(`upl_${MAX_KEPT_UPLOADS}`)).toEqual(entry(`upl_${MAX_KEPT_UPLOADS}`, year(1 + (MAX_KEPT_UPLOADS % 50))))
  })
})
