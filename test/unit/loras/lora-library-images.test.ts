// `loras.create` with training images taken from the library: main reads them itself,
// refuses what is not an image by naming the reference, and mixes them with dropped files.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { JobView } from '../../../src/shared/app/views'
import type { LoraView } from '../../../src/shared/app/lora-timeline'
import type { RouteName } from '../../../src/shared/contract'
import { startTestController, type TestApp } from '../support/test-controller'

let dir: string
let app: TestApp
const images: { jobId: string; index: number }[] = []
let music: { jobId: string; index: number }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
async function ok(route: RouteName, input: unknown): Promise<any> {
  const r = await app.controller.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
  return r.data
}

function saved(localId: string): Promise<JobView> {
  return vi.waitFor(async () => {
    const job = ((await ok('jobs.list', {})) as JobView[]).find((j) => j.localId === localId)
    expect(job?.saved).toBe('saved')
    return job as JobView
  }, { timeout: 60_000, interval: 50 })
}

const png = async (seed: number) => ({
  fileName: `drop-${seed}.png`,
  dataBase64: (await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: seed * 9, g: 60, b: 90 } } }).png().toBuffer()).toString('base64')
})

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lora-library-'))
  app = await startTestController(dir, { demoSpeed: 40 })
  const jobs: JobView[] = []
  for (const prompt of ['a red fox', 'a blue fox']) jobs.push(await ok('jobs.submit', { request: { model: 'i8-1', prompt, i8Params: { number_of_images: 10 } } }))
  const tune: JobView = await ok('jobs.submit', { request: { model: 'm1-1', prompt: 'calm piano', m1Params: { duration_seconds: 5 } } })
  for (const job of jobs) {
    const done = await saved(job.localId)
    for (let index = 0; index < 10; index++) images.push({ jobId: done.jobId!, index })
  }
  music = { jobId: (await saved(tune.localId)).jobId!, index: 0 }
})
afterAll(async () => {
  await app?.controller.close()
  await rm(dir, { recursive: true, force: true })
})

describe('loras.create with library images', () => {
  it('trains on 15 library outputs and records the timeline to READY', async () => {
    const lora: LoraView = await ok('loras.create', { name: 'foxes', subjectKind: 'style', libraryImages: images.slice(0, 15) })
    expect(lora.imageCount).toBe(15)
    expect(lora.timeline?.[0]).toEqual({ status: 'PENDING', at: new Date(lora.createdAt).toISOString() })
    const ready = await vi.waitFor(async () => {
      const found = ((await ok('loras.list', {})) as LoraView[]).find((l) => l.id === lora.id)
      expect(found?.status).toBe('READY')
      return found!
    }, { timeout: 30_000, interval: 50 })
    expect(ready.timeline?.map((s) => s.status)).toEqual(expect.arrayContaining(['PENDING', 'TRAINING', 'READY']))
    expect(ready.timeline?.at(-1)).toEqual({ status: 'READY', at: new Date(ready.completedAt!).toISOString() })
  })

  it('mixes dropped files and library outputs', async () => {
    const dropped = await Promise.all([1, 2, 3, 4, 5].map(png))
    const lora: LoraView = await ok('loras.create', { name: 'mixed', subjectKind: 'object', images: dropped, libraryImages: images.slice(5, 15) })
    expect(lora.imageCount).toBe(15)
  })

  it('refuses a library output that is not an image, naming its place', async () => {
    const refs = [...images.slice(0, 3), music, ...images.slice(3, 15)]
    const r = await app.controller.dispatch('loras.create', { name: 'with music', subjectKind: 'style', libraryImages: refs })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { 'libraryImages.3': ['Must be an image'] } } })
  })

  it('refuses an output the library does not hold, and a reference listed twice', async () => {
    const missing = await app.controller.dispatch('loras.create', { name: 'x', subjectKind: 'style', libraryImages: [{ jobId: 'no-such-job', index: 0 }, ...images.slice(0, 14)] })
    expect(missing).toMatchObject({ ok: false, error: { details: { 'libraryImages.0': ['Not saved in the library'] } } })
    const twice = await app.controller.dispatch('loras.create', { name: 'x', subjectKind: 'style', libraryImages: [...images.slice(0, 15), images[2]] })
    expect(twice).toMatchObject({ ok: false, error: { details: { 'libraryImages.15': ['Listed twice'] } } })
  })

  it('counts both sources against 15..30 and checks each reference', async () => {
    const tooFew = await app.controller.dispatch('loras.create', { name: 'x', subjectKind: 'style', images: [await png(1)], libraryImages: images.slice(0, 10) })
    expect(tooFew).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { images: ['At least 15 images'] } } })
    const tooMany = await app.controller.dispatch('loras.create', { name: 'x', subjectKind: 'style', images: await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(png)), libraryImages: images })
    expect(tooMany).toMatchObject({ ok: false, error: { details: { images: ['At most 30 images (31 given)'] } } })
    const badRef = await app.controller.dispatch('loras.create', { name: 'x', subjectKind: 'style', libraryImages: [...images.slice(0, 14), { jobId: images[0]!.jobId, index: -1 }] })
    expect(badRef).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { 'libraryImages.14.index': expect.any(Array) } } })
  })
})
