// A legacy video request is journaled before it is sent, like every job, and its answer
// (or the refusal) is recorded on that same job. With no Idempotency-Key it is never sent
// again by itself, and its webhook secret never reaches the journal.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { submitLegacyJob } from '../../../src/main/core/jobs/legacy-jobs'
import { RequestInvalidError } from '../../../src/main/core/jobs/submitter'
import type { ServiceClient } from '../../../src/main/core/service/service-client'
import type { LegacyRequestInput } from '../../../src/shared/api'

const REQUEST = { model: 'lv-a', prompt: 'a slow pan over hills', duration: 4, resolution: '480p' }
const SECRET = 'legacy-secret-0123456789abcdef0123456789'
const cleanups: (() => Promise<unknown>)[] = []

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function journal(): Promise<{ store: JobStore; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'legacy-submit-'))
  const path = join(dir, 'journal.jsonl')
  const store = await JobStore.open(path)
  cleanups.push(() => rm(dir, { recursive: true, force: true }), () => store.close())
  return { store, path }
}

/** A service whose legacy endpoint sees the job already journaled, then answers with `answer`. */
function service(store: JobStore, answer: () => Promise<{ task_id: string }>) {
  const sent: LegacyRequestInput[] = []
  const client = {
    legacySubmit: async (body: LegacyRequestInput) => {
      expect(store.all().map((r) => r.submission)).toEqual(['journaled'])
      sent.push(body)
      return answer()
    }
  } as unknown as ServiceClient
  return { client, sent }
}

const webhookFields = () => ({ webhook_url: 'https://hooks.example.com/webhooks/legacy', webhook_secret: SECRET })

describe('a legacy video submission', () => {
  it('is journaled, sent with the webhook secret, and recorded as accepted without the secret', async () => {
    const { store, path } = await journal()
    const { client, sent } = service(store, async () => ({ task_id: 'task-1' }))
    const record = await submitLegacyJob({ store, client, webhookFields }, REQUEST)
    expect(record).toMatchObject({ kind: 'legacy', model: 'lv-a', submission: 'accepted', jobId: 'task-1', status: 'PROCESSING', progress: 0, creditCost: 4, origin: 'app' })
    expect(sent).toEqual([{ ...REQUEST, ...webhookFields() }])
    expect(record.request).toEqual({ ...REQUEST, webhook_url: 'https://hooks.example.com/webhooks/legacy' })
    expect(store.get(record.id)).toEqual(record)
    expect(await readFile(path, 'utf8')).not.toContain(SECRET)
  })

  it('is recorded as rejected, with the reason, when the service refuses it', async () => {
    const { store } = await journal()
    const { client, sent } = service(store, async () => Promise.reject(new Error('The service is down')))
    await expect(submitLegacyJob({ store, client, webhookFields }, REQUEST)).rejects.toThrow('The service is down')
    expect(store.all()).toEqual([expect.objectContaining({ kind: 'legacy', submission: 'rejected', error: 'The service is down', jobId: null })])
    expect(sent).toHaveLength(1)
  })

  it('refuses a request the endpoint would not take, naming the field, before anything is journaled', async () => {
    const { store } = await journal()
    const { client, sent } = service(store, async () => ({ task_id: 'never' }))
    const refused = submitLegacyJob({ store, client, webhookFields }, { ...REQUEST, resolution: '1080p', model: 'lv-b' })
    await expect(refused).rejects.toBeInstanceOf(RequestInvalidError)
    await expect(refused).rejects.toMatchObject({ details: { resolution: [expect.stringContaining('1080p')] } })
    expect(store.all()).toEqual([])
    expect(sent).toEqual([])
  })
})
