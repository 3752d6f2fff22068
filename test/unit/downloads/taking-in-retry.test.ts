// A completed job whose taking-in fails midway (its entry written, then the journal full)
// is taken again by the saver's next round: its outputs are queued and saved, rather than
// waiting, unqueued, for the next start.
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { JobRecord } from '../../../src/main/core/jobs/job-record'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { Library } from '../../../src/main/core/library/library'
import { Saver } from '../../../src/main/core/library/saver'
import { pngBytes, serveBytes, startServer, tempDir, type TestServer } from './helpers'
import { jobRecord } from '../support/job-record'

let dir: string
let cleanup: () => Promise<void>
let server: TestServer
const closers: (() => Promise<void>)[] = []

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
  server = await startServer((req, res) => serveBytes(req, res, pngBytes(2048)))
})

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
  await server.close()
  await cleanup()
})

function completedJob(jobId: string): JobRecord {
  const now = new Date().toISOString()
  return jobRecord({ id: `local-${jobId}`, idempotencyKey: `key-${jobId}`, request: { prompt: 'a cat' }, jobId, status: 'COMPLETED', progress: 100, completedAt: now, result: { images: [server.url('/0.png')] } })
}

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })

describe('a job whose taking-in failed midway', () => {
  it('is taken again, and its outputs saved, once the disk takes writes again', async () => {
    const library = await Library.open(join(dir, 'library'))
    const store = await JobStore.open(join(dir, 'journal.jsonl'))
    const saver = new Saver({ library, store, retentionMs: () => 86_400_000 })
    closers.push(() => library.close(), () => store.close(), () => saver.close())
    const job = await store.put(completedJob('job-midway'))

    // The entry is written; the journal's record of it is refused, as by a full disk.
    const update = vi.spyOn(store, 'update').mockRejectedValueOnce(diskFull())
    await saver.handleTerminal(job)
    expect(library.has('job-midway')).toBe(true)
    expect(library.get('job-midway')!.files.map((f) => f.state)).toEqual(['pending'])
    expect(saver.waitingFor('job-midway')?.reason).toMatch(/full/i)
    update.mockRestore()

    // The saver's next round (every few seconds while the app runs).
    await saver.enterMissing()
    await vi.waitFor(() => expect(library.get('job-midway')!.files.map((f) => f.state)).toEqual(['saved']), { timeout: 20_000, interval: 20 })
    await vi.waitFor(() => expect(store.byServiceId('job-midway')?.saved).toBe('saved'), { timeout: 20_000, interval: 20 })
    expect(saver.waitingFor('job-midway')).toBeNull()
  })
})
