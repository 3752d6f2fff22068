// A submit's answer is the truth, however full the disk is when it comes. The disk is given
// room for 0, 37, 74, … bytes (a write that does not fit stores what fits, a half line,
// then fails with ENOSPC, as a full disk does), and one job is submitted each time:
// - refused ("Not sent"): nothing was or will be sent: not once space returns, not after a
//   restart, not after a crash right after the answer (no line of it is in the journal);
// - answered as waiting ("Saved, waiting"): it is in the journal and sent once there is
//   room, once;
// - sent, its answer unrecorded ("Sent as job …"): asked again with the same key once
//   there is room, and the service makes nothing new.
// The service here makes one job per Idempotency-Key and counts them.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JobStore } from '../../../src/main/core/jobs/job-store'
import { Submitter } from '../../../src/main/core/jobs/submitter'
import { submitLegacyJob } from '../../../src/main/core/jobs/legacy-jobs'
import { SubmitRefusedError } from '../../../src/main/core/jobs/unwritten'
import type { JobRecord } from '../../../src/main/core/jobs/job-record'
import type { ServiceClient } from '../../../src/main/core/service/service-client'
import { cleanupAfterEach } from '../support/cleanup'
import { diskBudget, type DiskBudget } from '../support/disk-budget'

const cleanup = cleanupAfterEach()

type Outcome = 'refused' | 'waiting' | 'sent-unrecorded' | 'accepted'

/** A service that makes one job per Idempotency-Key and answers a replay with it. */
function fakeService() {
  const jobs = new Map<string, string>()
  const client = {
    submit: async (_kind: string, _body: unknown, key: string) => {
      const known = jobs.get(key)
      const jobId = known ?? `job-${jobs.size + 1}`
      jobs.set(key, jobId)
      return { jobId, status: 'QUEUED' as const, replayed: known !== undefined }
    }
  } as unknown as ServiceClient
  return { client, made: () => jobs.size }
}

async function openJournal(dir: string): Promise<JobStore> {
  const store = await JobStore.open(join(dir, 'journal.jsonl'))
  cleanup.defer(() => store.close())
  return store
}

function outcomeOf(answer: JobRecord | Error): Outcome {
  if (answer instanceof SubmitRefusedError) return 'refused'
  if (answer instanceof Error) throw answer
  if (answer.submission === 'accepted') return 'accepted'
  expect(answer.submission).toBe('journaled')
  if (answer.error?.startsWith('Saved, waiting: the disk is full')) return 'waiting'
  expect(answer.error).toMatch(/^Sent as job job-1, waiting: the disk is full/)
  return 'sent-unrecorded'
}

async function submitWithRoomFor(disk: DiskBudget, bytes: number): Promise<Outcome> {
  const dir = await cleanup.tempDir('submit-full-disk-')
  const service = fakeService()
  const store = await openJournal(dir)
  const submitter = new Submitter({ store, client: () => service.client, webhookFields: () => ({}) })

  disk.roomFor(bytes)
  const answer = await submitter.submit({ model: 'i1-1', prompt: `room for ${bytes} bytes` }).catch((err: Error) => err)
  const outcome = outcomeOf(answer)
  if (outcome === 'refused') expect((answer as Error).message).toMatch(/^Not sent: the disk is full.*Nothing was sent and nothing will be/)
  expect(service.made(), `${outcome} at ${bytes} bytes: jobs made before space returns`).toBe(outcome === 'refused' || outcome === 'waiting' ? 0 : 1)

  // A crash right after the answer: what a start would find in the journal.
  const afterCrash = await openJournal(dir)
  const found = afterCrash.all()
  await afterCrash.close()
  if (outcome === 'refused') expect(found, `refused at ${bytes} bytes, yet in the journal`).toEqual([])
  else expect(found.map((r) => r.id)).toEqual([(answer as JobRecord).id])

  // Space returns: the periodic resend, then a restart and its resend.
  disk.free()
  await submitter.resendPending()
  await store.close()
  const restarted = await openJournal(dir)
  await new Submitter({ store: restarted, client: () => service.client, webhookFields: () => ({}) }).resendPending()
  expect(service.made(), `${outcome} at ${bytes} bytes: jobs made in the end`).toBe(outcome === 'refused' ? 0 : 1)
  if (outcome !== 'refused') expect(restarted.all().map((r) => [r.submission, r.jobId])).toEqual([['accepted', 'job-1']])
  return outcome
}

describe('a submit on a full disk', () => {
  it('is refused and never sent, or journaled and sent once: never both', async () => {
    const disk = await diskBudget(await cleanup.tempDir('submit-full-disk-'))
    cleanup.defer(() => disk.restore())
    const seen = new Map<Outcome, number>()
    for (let bytes = 0; bytes <= 2400; bytes += 37) {
      const outcome = await submitWithRoomFor(disk, bytes)
      seen.set(outcome, (seen.get(outcome) ?? 0) + 1)
    }
    // Every kind of answer came up, so each rule above was held to.
    expect([...seen.keys()].sort()).toEqual(['accepted', 'refused', 'sent-unrecorded', 'waiting'])
  }, 60_000)

  it('answers a waiting job with its reason, in the journal’s view too, until it is sent', async () => {
    const dir = await cleanup.tempDir('submit-full-disk-')
    const disk = await diskBudget(dir)
    cleanup.defer(() => disk.restore())
    const service = fakeService()
    const store = await openJournal(dir)
    const told: (string | null)[] = []
    store.onChange((r) => told.push(r.error))
    const submitter = new Submitter({ store, client: () => service.client, webhookFields: () => ({}) })
    // Room for the journal's line of the job, and not for the count of its first attempt.
    disk.roomFor((await lineBytesOfOneJob()) + 40)

    const answer = await submitter.submit({ model: 'i1-1', prompt: 'waits for room' })
    expect(answer).toMatchObject({ submission: 'journaled', error: 'Saved, waiting: the disk is full; it is sent once there is room.' })
    expect(store.get(answer.id)?.error).toBe(answer.error)
    expect(store.all().map((r) => r.error)).toEqual([answer.error])
    expect(told.at(-1)).toBe(answer.error)
    // Still full: the periodic resend sends nothing.
    await submitter.resendPending()
    expect(service.made()).toBe(0)

    disk.free()
    await submitter.resendPending()
    expect(service.made()).toBe(1)
    expect(store.get(answer.id)).toMatchObject({ submission: 'accepted', jobId: 'job-1', error: null })
  })
})

describe('a legacy video submitted on a full disk (it has no key to ask again with)', () => {
  const request = { model: 'lv-a', prompt: 'a slow pan over hills', duration: 4, resolution: '480p' }

  async function legacySetup() {
    const dir = await cleanup.tempDir('legacy-full-disk-')
    const disk = await diskBudget(dir)
    cleanup.defer(() => disk.restore())
    const store = await openJournal(dir)
    const tasks: unknown[] = []
    const client = { legacySubmit: async (body: unknown) => (tasks.push(body), { task_id: `task-${tasks.length}` }) } as unknown as ServiceClient
    return { dir, disk, store, tasks, submit: () => submitLegacyJob({ store, client, webhookFields: () => ({}) }, request) }
  }

  it('is refused, and not sent, when the journal cannot take it', async () => {
    const { disk, store, tasks, submit } = await legacySetup()
    disk.roomFor(0)
    await expect(submit()).rejects.toThrow(SubmitRefusedError)
    expect(tasks).toEqual([])
    expect(store.all()).toEqual([])
  })

  it('answers as sent when its answer cannot be written, and writes it once there is room', async () => {
    const { dir, disk, store, tasks, submit } = await legacySetup()
    // Room for the journal's line of the job, and not for its answer.
    disk.roomFor((await legacyLineBytes()) + 40)
    const answer = await submit()
    expect(tasks).toHaveLength(1)
    expect(answer).toMatchObject({ submission: 'accepted', jobId: 'task-1', error: 'Sent as task task-1; the disk is full, so this is written down once there is room. Keep the app open until then.' })
    expect(store.byServiceId('task-1')?.id).toBe(answer.id)
    const onDisk = await openJournal(dir)
    expect(onDisk.get(answer.id)).toMatchObject({ submission: 'journaled', jobId: null })
    await onDisk.close()

    disk.free()
    await new Submitter({ store, client: () => fakeService().client, webhookFields: () => ({}) }).resendPending()
    expect(store.get(answer.id)).toMatchObject({ submission: 'accepted', jobId: 'task-1', error: null })
    const written = await openJournal(dir)
    expect(written.get(answer.id)).toMatchObject({ submission: 'accepted', jobId: 'task-1', status: 'PROCESSING' })
    expect(tasks).toHaveLength(1)
  })
})

/** About the bytes of one journaled legacy job's line, measured on a disk with room. */
async function legacyLineBytes(): Promise<number> {
  const dir = await cleanup.tempDir('legacy-line-')
  const store = await openJournal(dir)
  const client = { legacySubmit: () => Promise.reject(new Error('not sent')) } as unknown as ServiceClient
  await submitLegacyJob({ store, client, webhookFields: () => ({}) }, { model: 'lv-a', prompt: 'a slow pan over hills', duration: 4, resolution: '480p' }).catch(() => undefined)
  await store.close()
  const [first] = (await readFile(join(dir, 'journal.jsonl'))).toString('utf8').split('\n')
  return Buffer.byteLength(first ?? '') + 1
}

/** About the bytes of one journaled job's line (its seed's digits vary), measured on a disk with room. */
async function lineBytesOfOneJob(): Promise<number> {
  const dir = await cleanup.tempDir('submit-line-')
  const store = await openJournal(dir)
  const submitter = new Submitter({ store, client: () => fakeService().client, webhookFields: () => ({}), holdReason: () => 'held' })
  await submitter.submit({ model: 'i1-1', prompt: 'waits for room' })
  await store.close()
  const [first] = (await readFile(join(dir, 'journal.jsonl'))).toString('utf8').split('\n')
  return Buffer.byteLength(first ?? '') + 1
}
