// A submission whose answer never came may have been taken by the service: it is sent
// again with the Idempotency-Key it was journaled with, so the service answers with the
// job it already made and charges once. That holds within a run (the periodic resend) and
// across a crash (the resend at start).
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { NetworkError } from '../../../src/main/core/client/http'
import { Engine } from '../../../src/main/core/engine'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { Submitter } from '../../../src/main/core/jobs/submitter'
import type { ServiceClient } from '../../../src/main/core/service/service-client'
import { recordingProxy } from './submission-proxy'
import { cleanupAfterEach } from '../support/cleanup'
import { engineOptionsFor, startTestSimulator } from '../support/demo-engine'
import { unsentRecord } from '../support/job-record'

const cleanup = cleanupAfterEach()

const tempDir = () => cleanup.tempDir('resend-key-')

async function openStore(dir: string): Promise<JobStore> {
  const store = await JobStore.open(join(dir, 'journal.jsonl'))
  cleanup.defer(() => store.close())
  return store
}

describe('resending a submission whose answer was lost', () => {
  it('sends it again, within the run, with the key it was journaled with', async () => {
    const store = await openStore(await tempDir())
    const sent: string[] = []
    // The first answer is lost after the service took the job; the next one is its replay.
    const client = {
      submit: async (_kind: string, _body: unknown, key: string) => {
        sent.push(key)
        if (sent.length === 1) throw new NetworkError({ causeCode: 'ECONNRESET', requestSent: true, retryable: true })
        return { jobId: 'job-1', status: 'QUEUED' as const, replayed: true }
      }
    } as unknown as ServiceClient
    const submitter = new Submitter({ store, client: () => client, webhookFields: () => ({}) })

    const first = await submitter.submit({ model: 'i1-1', prompt: 'a lighthouse' })
    expect(first.submission).toBe('journaled')
    expect(first.error).toMatch(/sent again automatically/)
    await submitter.resendPending()

    expect(sent).toEqual([first.idempotencyKey, first.idempotencyKey])
    expect(store.get(first.id)).toMatchObject({ submission: 'accepted', jobId: 'job-1', idempotencyKey: first.idempotencyKey, sendAttempts: 2 })
  })

  it('sends it again after a crash with the same key, and the service keeps the one job it made', async () => {
    const dir = await tempDir()
    const sim = await startTestSimulator(cleanup, dir, { holdJobs: true })
    const proxy = await recordingProxy(sim.url, new Set())
    cleanup.defer(() => proxy.close())
    const prompt = 'sent just before the crash'
    const key = 'journaled-key-1'
    // The crashed run journaled the submission, sent it, and died before the answer came.
    const request = { model: 'i1-1', prompt }
    const answer = await fetch(`${sim.url}/v2/images/generations`, {
      method: 'POST',
      headers: { 'X-API-Key': sim.apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(request)
    })
    const { jobId } = (await answer.json()) as { jobId: string }
    const journal = await JobStore.open(join(dir, 'engine', 'journal.jsonl'))
    await journal.put(unsentRecord({ id: 'local-1', idempotencyKey: key, request, sendAttempts: 1 }))
    await journal.close()

    const engine = new Engine(engineOptionsFor(sim, join(dir, 'engine'), { baseUrl: proxy.url }))
    await engine.start()
    cleanup.defer(() => engine.close())
    await vi.waitFor(() => expect(engine.job('local-1')?.submission).toBe('accepted'), { timeout: 15_000, interval: 25 })

    expect(proxy.seen.filter((s) => s.prompt === prompt).map((s) => s.key)).toEqual([key])
    expect(engine.job('local-1')?.jobId).toBe(jobId)
    expect(sim.jobCount()).toBe(1)
  })
})
