// A model that takes a seed always gets one: when the request names none, the app picks
// it before the journal write, so the job shows it, a resend after a crash sends the same
// seed with the same Idempotency-Key, and the saved output records it.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NetworkError } from '../../../src/main/core/client/http'
import { Engine } from '../../../src/main/core/engine'
import { toJobView } from '../../../src/main/core/jobs/job-record'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { Submitter } from '../../../src/main/core/jobs/submitter'
import { readEmbeddedSettings } from '../../../src/main/core/media/embedded-settings'
import type { ServiceClient } from '../../../src/main/core/service/service-client'
import { getModel } from '../../../src/shared/api'
import { pickSeed } from '../../../src/shared/api/seed'
import { startSimulator } from '../../../src/simulator'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined)
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'picked-seed-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** A service that never answers the first send and answers every later one. */
function lossyClient(sent: { body: Record<string, unknown>; key: string }[]): ServiceClient {
  return {
    submit: async (_kind: string, body: Record<string, unknown>, key: string) => {
      sent.push({ body, key })
      if (sent.length === 1) throw new NetworkError({ causeCode: 'ECONNRESET', requestSent: true, retryable: true })
      return { jobId: 'job-1', status: 'QUEUED' as const, replayed: true }
    }
  } as unknown as ServiceClient
}

const seedOf = (body: Record<string, unknown>, block: string) => (body[block] as { seed?: unknown } | undefined)?.seed

describe('the seed the app picks', () => {
  it('is journaled with the job, shown in its view, and sent again unchanged after a crash with the same key', async () => {
    const dir = await tempDir()
    const sent: { body: Record<string, unknown>; key: string }[] = []
    const store = await JobStore.open(join(dir, 'journal.jsonl'))
    const submitter = new Submitter({ store, client: () => lossyClient(sent), webhookFields: () => ({}) })
    const record = await submitter.submit({ model: 'i11-1', prompt: 'a lighthouse', i11Params: { num_inference_steps: 20 } })
    const seed = seedOf(record.request, 'i11Params')
    expect(Number.isInteger(seed)).toBe(true)
    expect(toJobView(record).request).toMatchObject({ i11Params: { seed, num_inference_steps: 20 } })
    await store.close()

    // The next run reads the journal and resends what it holds.
    const reopened = await JobStore.open(join(dir, 'journal.jsonl'))
    cleanups.push(() => reopened.close())
    await new Submitter({ store: reopened, client: () => lossyClient(sent), webhookFields: () => ({}) }).resendPending()
    expect(sent.map((s) => [s.key, seedOf(s.body, 'i11Params')])).toEqual([[record.idempotencyKey, seed], [record.idempotencyKey, seed]])
  })

  it('is left to the request that names one, and not added to a model without seeds', async () => {
    const store = await JobStore.open(join(await tempDir(), 'journal.jsonl'))
    cleanups.push(() => store.close())
    const sent: { body: Record<string, unknown>; key: string }[] = []
    const submitter = new Submitter({ store, client: () => lossyClient(sent), webhookFields: () => ({}) })
    expect((await submitter.submit({ model: 'i3-4', prompt: 'a kite', i3Params: { seed: 0 } })).request).toEqual({ model: 'i3-4', prompt: 'a kite', i3Params: { seed: 0 } })
    expect((await submitter.submit({ model: 'i1-1', prompt: 'a kite' })).request).toEqual({ model: 'i1-1', prompt: 'a kite' })
    // A model whose block is optional gets one made for its seed.
    expect(seedOf((await submitter.submit({ model: 'i16-1', prompt: 'a kite' })).request, 'i16Params')).toEqual(expect.any(Number))
  })

  it("stays within the model's bounds, and for every model within the service's stated range, as the page's seeds do", () => {
    const bounded = getModel('i13-1')!
    const free = getModel('i3-4')!
    for (let i = 0; i < 200; i++) {
      const a = pickSeed(bounded)!
      const b = pickSeed(free)!
      expect(a >= 0 && a <= 2147483647 && Number.isInteger(a), `i13: ${a}`).toBe(true)
      expect(b >= 0 && b <= 2147483647 && Number.isInteger(b), `i3: ${b}`).toBe(true)
    }
    expect(pickSeed(getModel('i1-1')!)).toBeNull()
  })

  it('is saved with the output and written into its settings', async () => {
    const dir = await tempDir()
    const sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service') })
    cleanups.push(() => sim.close())
    const engine = new Engine({ dataDir: join(dir, 'engine'), baseUrl: sim.url, legacyBaseUrl: sim.legacyUrl, apiKey: () => sim.apiKey, webhooks: { mode: 'off' } })
    cleanups.push(() => engine.close())
    await engine.start()
    const record = await engine.submit({ model: 'i3-4', prompt: 'a quiet harbour', i3Params: { output_format: 'png' } })
    const seed = seedOf(record.request, 'i3Params') as number
    await engine.settle(60_000)
    const entry = engine.getEntry(record.jobId!)!
    expect(entry.params).toMatchObject({ i3Params: { seed } })
    const parameters = readEmbeddedSettings(await readFile((await engine.resolveLibraryFile(entry.files[0]!.path!))!))?.parameters
    expect(parameters).toContain(`Seed: ${seed},`)
  })
})
