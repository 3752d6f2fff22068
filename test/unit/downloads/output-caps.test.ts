// The library takes a bounded amount from the CDN: each output is capped by what its media
// may weigh (with or without an announced length), a job by how many outputs the service
// can make, and an output over a cap is reported with the reason, never left pending.
import { renderNotice } from '../../../src/main/core/i18n/notice-text'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DownloadFileOptions } from '../../../src/main/core/downloads/download-types'
import { DownloadQueue } from '../../../src/main/core/downloads/download-queue'
import { MAX_OUTPUTS_PER_JOB, outputSizeCap } from '../../../src/main/core/downloads/output-limits'
import type { MediaKind } from '../../../src/main/core/downloads/media-type'
import type { JobRecord } from '../../../src/main/core/jobs/job-record'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { Library } from '../../../src/main/core/library/library'
import { newLibraryEntry } from '../../../src/main/core/library/new-entry'
import { Saver } from '../../../src/main/core/library/saver'
import { PNG_MAGIC, pngBytes, serveBytes, startServer, tempDir, type TestServer } from './helpers'
import { jobRecord } from '../support/job-record'

const MIB = 1024 * 1024
let dir: string
let cleanup: () => Promise<void>
let server: TestServer | undefined
const closers: (() => Promise<void>)[] = []

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
})

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
  await server?.close()
  server = undefined
  await cleanup()
})

function completedJob(jobId: string, result: unknown): JobRecord {
  const now = new Date().toISOString()
  return jobRecord({ id: `local-${jobId}`, idempotencyKey: `key-${jobId}`, request: { prompt: 'a cat' }, jobId, status: 'COMPLETED', progress: 100, completedAt: now, result })
}

/** A saver over a real library and journal, its notices recorded. */
async function startSaver(maxBytes?: number) {
  const library = await Library.open(join(dir, 'library'))
  const store = await JobStore.open(join(dir, 'journal.jsonl'))
  const notices: string[] = []
  const saver = new Saver({
    library, store, retentionMs: () => 86_400_000, onNotice: (_level, text) => notices.push(renderNotice(text)),
    downloadOptions: maxBytes === undefined ? {} : { maxBytes }
  })
  closers.push(() => library.close(), () => store.close(), () => saver.close())
  return { library, store, saver, notices }
}

describe('output size caps', () => {
  it('gives every download a cap by the media it must be, or the caller’s own', async () => {
    const seen = new Map<string, number | undefined>()
    const record = (options: DownloadFileOptions, task: { id: string }) => {
      seen.set(task.id, options.maxBytes)
      return Promise.resolve({ bytes: 1, sha256: '', mime: '', resumedFrom: 0 })
    }
    const kinds: Record<string, MediaKind[] | undefined> = { image: ['image'], video: ['video'], audio: ['audio'], any: undefined }
    const queue = new DownloadQueue({ download: record })
    for (const [id, expectedKinds] of Object.entries(kinds)) queue.add({ id, url: `https://cdn.example/${id}`, dest: join(dir, id), deadline: 0, expectedKinds })
    await queue.idle()
    expect(seen.get('image')).toBe(256 * MIB)
    expect(seen.get('audio')).toBe(128 * MIB)
    expect(seen.get('video')).toBe(1024 * MIB)
    // Nothing known about the output: the largest cap, never none.
    expect(seen.get('any')).toBe(outputSizeCap(['video']))

    const own = new DownloadQueue({ download: record, downloadOptions: { maxBytes: 1234 } })
    own.add({ id: 'own', url: 'https://cdn.example/own', dest: join(dir, 'own'), deadline: 0, expectedKinds: ['image'] })
    await own.idle()
    expect(seen.get('own')).toBe(1234)
  })

  it('marks an output over its cap lost with the reason and tells the user, with or without a length', async () => {
    const cap = 64 * 1024
    const whole = pngBytes(cap + 1)
    server = await startServer((req, res) => {
      if (req.url === '/announced.png') return serveBytes(req, res, whole)
      if (req.url === '/small.png') return serveBytes(req, res, pngBytes(cap))
      // No length: a body that would never end unless the app stops reading it.
      res.writeHead(200, { 'content-type': 'image/png' })
      res.write(PNG_MAGIC)
      const more = () => {
        while (res.write(Buffer.alloc(16 * 1024))) {
          if (res.destroyed) return
        }
        res.once('drain', more)
      }
      more()
      res.on('error', () => undefined)
    })
    const { library, store, saver, notices } = await startSaver(cap)
    const job = await store.put(completedJob('job-big', { images: [server.url('/announced.png'), server.url('/endless.png'), server.url('/small.png')] }))
    await saver.handleTerminal(job)
    await vi.waitFor(() => expect(library.get('job-big')?.files.map((f) => f.state)).toEqual(['lost', 'lost', 'saved']), { timeout: 20_000, interval: 20 })
    await saver.idle()
    for (const file of library.get('job-big')!.files.slice(0, 2)) {
      expect(file.lostReason).toMatch(/^Not saved: the service sent more than the app accepts for one image output \(.*65536 byte limit\)$/)
    }
    expect(notices.filter((n) => n.includes('Not saved'))).toHaveLength(2)
    expect(store.byServiceId('job-big')?.saved).toBe('partial')
    // Not tried again after a restart either: the cap would refuse it again.
    await saver.resumeAll()
    expect(saver.hasWork()).toBe(false)
  })
})

describe('output count cap', () => {
  it('keeps the first outputs a job can have and reports how many more the service listed', () => {
    const urls = Array.from({ length: 300 }, (_, i) => `https://cdn.example/out/${i}.png`)
    const entry = newLibraryEntry(completedJob('job-many', { images: urls }), 'expired')
    const pending = entry.files.filter((f) => f.state === 'pending')
    expect(pending.map((f) => f.url)).toEqual(urls.slice(0, MAX_OUTPUTS_PER_JOB))
    expect(entry.files).toHaveLength(MAX_OUTPUTS_PER_JOB + 1)
    const excess = entry.files.at(-1)!
    expect(excess).toMatchObject({ state: 'lost', url: null, index: MAX_OUTPUTS_PER_JOB })
    expect(excess.lostReason).toBe(`The service listed 300 outputs; the app saves at most ${MAX_OUTPUTS_PER_JOB} per job, so ${300 - MAX_OUTPUTS_PER_JOB} were not saved`)

    // Ten images and a grid, the most the service makes, are all kept.
    const largest = { images: urls.slice(0, 10), gridUrl: 'https://cdn.example/grid.png' }
    expect(newLibraryEntry(completedJob('job-grid', largest), 'expired').files.every((f) => f.state === 'pending')).toBe(true)
  })
})
