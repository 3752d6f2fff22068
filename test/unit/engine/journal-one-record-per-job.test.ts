// The job journal holds one record per service job: a second record would be tracked,
// saved and waited on twice, and a sync would wait on it for ever.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { JobRecord } from '../../../src/main/core/jobs/job-record'
import { DuplicateJobError, JobStore } from '../../../src/main/core/jobs/job-store'
import { RecordLog } from '../../../src/main/core/store/record-log'
import { describeWorkLeft, hasWorkLeft } from '../../../src/main/core/jobs/work-left'
import { jobRecord } from '../support/job-record'

const record = (id: string, over: Partial<JobRecord> = {}): JobRecord =>
  jobRecord({ id, jobId: 'job-1', status: 'COMPLETED', progress: 100, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', ...over })

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-dedupe-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the job journal', () => {
  it('refuses a second record of a job it already holds', async () => {
    const store = await JobStore.open(join(dir, 'journal.jsonl'))
    await store.put(record('first'))
    await expect(store.put(record('second'))).rejects.toBeInstanceOf(DuplicateJobError)
    expect(store.all().map((r) => r.id)).toEqual(['first'])
    await store.close()
  })

  it("lets the app's own record replace a copy adopted from the service's list", async () => {
    const file = join(dir, 'journal.jsonl')
    const store = await JobStore.open(file)
    await store.put(record('remote-job-1', { origin: 'elsewhere' }))
    await store.put(record('mine', { submission: 'journaled', jobId: null, status: null }))
    await store.update('mine', () => ({ submission: 'accepted', jobId: 'job-1' }))
    expect(store.all().map((r) => r.id)).toEqual(['mine'])
    expect(store.byServiceId('job-1')?.id).toBe('mine')
    await store.close()
    const reopened = await JobStore.open(file)
    expect(reopened.all().map((r) => r.id)).toEqual(['mine'])
    await reopened.close()
  })

  it('drops extra records of one job when it opens, keeping the first of the app, and says so', async () => {
    const file = join(dir, 'journal.jsonl')
    // As an earlier version wrote it: a reused key's answer journaled as a second job.
    const log = await RecordLog.open<JobRecord>(file)
    await log.put(record('remote-job-1', { origin: 'elsewhere', createdAt: '2025-12-31T00:00:00.000Z' }))
    await log.put(record('original', { saved: 'saved' }))
    await log.put(record('reused-key', { createdAt: '2026-01-02T00:00:00.000Z' }))
    await log.put(record('other', { jobId: 'job-2' }))
    await log.close()

    const told: string[] = []
    const store = await JobStore.open(file, (m) => told.push(m))
    expect(store.all().map((r) => r.id).sort()).toEqual(['original', 'other'])
    expect(store.byServiceId('job-1')?.id).toBe('original')
    expect(told).toEqual(['The job journal held 2 extra records of jobs it already tracks (job-1); one record per job is kept.'])
    await store.close()
    // The drop is written: the next open finds nothing to say.
    const again: string[] = []
    await (await JobStore.open(file, (m) => again.push(m))).close()
    expect(again).toEqual([])
  })
})

describe('work left', () => {
  const idle = { busy: false, pendingFiles: 0, waitingLines: [] }

  it('names every job it waits on, with why', () => {
    const records = [
      record('unsent', { submission: 'journaled', jobId: null, status: null, error: 'Not sent yet: Could not connect' }),
      record('running', { jobId: 'job-r', status: 'PROCESSING', progress: 40 }),
      record('unsaved', { jobId: 'job-u', saved: 'none' }),
      record('saving', { jobId: 'job-s', saved: 'saving' }),
      record('done', { jobId: 'job-d', saved: 'saved' })
    ]
    expect(hasWorkLeft(records, idle)).toBe(true)
    expect(describeWorkLeft(records, idle)).toEqual([
      'submission unsent (i1-1): not answered yet (Not sent yet: Could not connect)',
      'job job-r: still running on the service (PROCESSING 40%)',
      'job job-u: finished; its outputs are not in the library yet',
      'job job-s: finished; its outputs are still being saved'
    ])
  })

  it('is never an empty list while there is work left', () => {
    for (const saving of [{ busy: true, pendingFiles: 0, waitingLines: [] }, { busy: false, pendingFiles: 2, waitingLines: [] }]) {
      expect(hasWorkLeft([], saving)).toBe(true)
      expect(describeWorkLeft([], saving).length).toBeGreaterThan(0)
    }
    expect(hasWorkLeft([record('done', { saved: 'saved' })], idle)).toBe(false)
  })
})
