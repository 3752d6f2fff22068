// An edit, upscale or background removal made from a library output remembers which
// output it was made from, from the upload through the job to the saved library entry.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { jobRecordSchema } from '../../../src/main/core/jobs/job-record'
import { libraryEntrySchema, type JobView, type LibraryEntry } from '../../../src/shared/app/views'
import type { RouteName } from '../../../src/shared/contract'
import { startTestController, type TestApp } from '../support/test-controller'

let dir: string
let app: TestApp

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
async function ok(route: RouteName, input: unknown): Promise<any> {
  const r = await app.controller.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
  return r.data
}

function savedEntry(localId: string): Promise<LibraryEntry> {
  return vi.waitFor(async () => {
    const job = (await ok('jobs.list', {}) as JobView[]).find((j) => j.localId === localId)
    expect(job?.saved).toBe('saved')
    return (await ok('library.get', { jobId: job!.jobId })) as LibraryEntry
  }, { timeout: 60_000, interval: 50 })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'input-source-'))
  app = await startTestController(dir, { demoSpeed: 40 })
})
afterAll(async () => {
  await app?.controller.close()
  await rm(dir, { recursive: true, force: true })
})

describe('results linked to their source', () => {
  it('carries the library output an upload came from into the job and its library entry', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 80, b: 120 } } }).png().toBuffer()
    const fromDisk = await ok('uploads.create', { file: { fileName: 'photo.png', dataBase64: png.toString('base64') }, field: 'u1Params.image' })
    const first = await savedEntry((await ok('jobs.submit', { request: { model: 'u1-1', u1Params: { image: fromDisk.url } }, inputs: [{ field: 'u1Params.image', uploadId: fromDisk.id }] })).localId)
    // A file from disk has no library source.
    expect(first.inputs[0]).toMatchObject({ field: 'u1Params.image', fileName: 'photo.png' })
    expect(first.inputs[0]?.sourceJobId).toBeUndefined()

    const again = await ok('uploads.fromLibrary', { jobId: first.jobId, index: 0 })
    const job: JobView = await ok('jobs.submit', {
      request: { model: 'e1-1', prompt: 'a red door', e1Params: { image: again.url, mode: 'inpaint' } },
      inputs: [{ field: 'e1Params.image', uploadId: again.id }]
    })
    const edited = await savedEntry(job.localId)
    // The field is where the request put it, not the upload's generic one.
    expect(edited.inputs).toEqual([expect.objectContaining({ field: 'e1Params.image', sourceJobId: first.jobId, sourceIndex: 0 })])

    // An expired upload renewed from the kept copy is still the same library output.
    const renewed = await ok('uploads.renew', { path: again.localPath })
    const fromRenewed = await savedEntry((await ok('jobs.submit', {
      request: { model: 'b1-1', b1Params: { image: renewed.url } },
      inputs: [{ field: 'b1Params.image', uploadId: renewed.id }]
    })).localId)
    expect(fromRenewed.inputs[0]).toMatchObject({ field: 'b1Params.image', sourceJobId: first.jobId, sourceIndex: 0 })

    // A retry uploads the kept copy again and still knows where it came from.
    const retried: JobView = await ok('jobs.retry', { localId: job.localId })
    expect((retried.request.e1Params as { image: string }).image).not.toBe(again.url)
    const retriedEntry = await savedEntry(retried.localId)
    expect(retriedEntry.inputs[0]).toMatchObject({ field: 'e1Params.image', sourceJobId: first.jobId, sourceIndex: 0 })
  })

  it('still reads records and entries written before inputs named their source', () => {
    const input = { field: 'u1Params.image', fileName: 'a.png', path: 'inputs/ab.png', sha256: 'ab', bytes: 10, mime: 'image/png' }
    const now = new Date().toISOString()
    const record = jobRecordSchema.parse({
      id: 'l1', idempotencyKey: 'l1', kind: 'upscale', model: 'u1-1', request: {}, inputs: [input], submission: 'accepted', jobId: 'j1', status: 'COMPLETED',
      progress: 1, error: null, creditCost: 1, origin: 'app', createdAt: now, updatedAt: now, completedAt: now
    })
    expect(record.inputs[0]).toEqual(input)
    const entry = libraryEntrySchema.parse({
      id: 'j1', jobId: 'j1', model: 'u1-1', modality: 'image', prompt: null, params: {}, creditCost: 1, createdAt: now, completedAt: now, savedAt: now, origin: 'app', files: [], inputs: [input]
    })
    expect(entry.inputs[0]?.sourceJobId).toBeUndefined()
    expect(libraryEntrySchema.safeParse({ ...entry, inputs: [{ ...input, sourceJobId: 'j0', sourceIndex: -1 }] }).success).toBe(false)
  })
})
