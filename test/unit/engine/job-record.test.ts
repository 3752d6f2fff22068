// The legacy webhook secret is never kept in the job journal, whoever writes the record.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseJobRecord, type JobRecord } from '../../../src/main/core/jobs/job-record'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { jobRecord } from '../support/job-record'

const SECRET = 'f00dfeedf00dfeedf00dfeedf00dfeedf00dfeedf00dfeed'
const now = new Date().toISOString()
const legacyRecord = (id: string): JobRecord =>
  jobRecord({
    id, kind: 'legacy', model: 'lv-a', jobId: `task-${id}`, creditCost: 4, createdAt: now, updatedAt: now,
    request: { model: 'lv-a', prompt: 'hills', webhook_url: 'http://127.0.0.1:1/webhooks/legacy', webhook_secret: SECRET }
  })

describe('job records', () => {
  it('drop webhook_secret from the request and keep everything else', () => {
    const parsed = parseJobRecord(legacyRecord('a'))
    expect(parsed?.request).toEqual({ model: 'lv-a', prompt: 'hills', webhook_url: 'http://127.0.0.1:1/webhooks/legacy' })
  })

  it('are written to the journal without webhook_secret, even when handed one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'job-record-'))
    try {
      const file = join(dir, 'journal.jsonl')
      const store = await JobStore.open(file)
      await store.put(legacyRecord('b'))
      await store.close()
      const bytes = await readFile(file, 'utf8')
      expect(bytes).toContain('webhook_url')
      expect(bytes).not.toContain(SECRET)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
