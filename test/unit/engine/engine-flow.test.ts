// The engine against the demo service: submit, track, save; webhooks as a short-cut;
// rescue of jobs submitted elsewhere; outputs purged before saving shown as lost.
import { createHash } from 'node:crypto'
import { readFile, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { Simulator, SimulatorOptions } from '../../../src/simulator'
import { Engine, type EngineOptions } from '../../../src/main/core/engine'
import { Library } from '../../../src/main/core/library/library'
import { cleanupAfterEach } from '../support/cleanup'
import { engineOptionsFor, startDemoEngine } from '../support/demo-engine'
import { savedFileSha256 } from '../support/saved-file'
import { unsentRecord } from '../support/job-record'

const cleanup = cleanupAfterEach()

async function setup(simOpts: SimulatorOptions = {}, engineOpts: Partial<EngineOptions> = {}) {
  const { dir, sim, engine, views: events } = await startDemoEngine(cleanup, { simulator: simOpts, engine: engineOpts, prefix: 'engine-' })
  return { dir, sim, engine, events }
}

/** A job submitted straight to the service (as from another computer), once it has completed. */
async function completedElsewhere(sim: Simulator, prompt: string): Promise<string> {
  const headers = { 'X-API-Key': sim.apiKey, 'Content-Type': 'application/json' }
  const res = await fetch(`${sim.url}/v2/images/generations`, { method: 'POST', headers, body: JSON.stringify({ model: 'i1-1', prompt }) })
  const { jobId } = (await res.json()) as { jobId: string }
  await vi.waitFor(async () => {
    const job = (await (await fetch(`${sim.url}/v2/jobs/${jobId}`, { headers })).json()) as { status: string }
    expect(job.status).toBe('COMPLETED')
  }, { timeout: 10_000, interval: 25 })
  return jobId
}

async function sha(path: string) {
  return savedFileSha256(path)
}

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) out.push(join(e.parentPath ?? (e as unknown as { path: string }).path, e.name))
  return out
}

describe('engine', () => {
  it('submits, tracks and saves every output with the CDN bytes, thumbnails and facts', async () => {
    const { engine, events } = await setup()
    const record = await engine.submit({ model: 'i16-1', prompt: 'a red fox in snow', i16Params: { aspect_ratio: '16:9' } })
    expect(record.submission).toBe('accepted')
    await engine.settle(60_000)
    const entry = engine.getEntry(record.jobId!)!
    expect(entry.files.map((f) => f.role)).toEqual(['image', 'image', 'image', 'image', 'grid'])
    const job = await engine.client.getJob(record.jobId!)
    const urls = [...(job.result as { images: string[] }).images, (job.result as { gridUrl: string }).gridUrl]
    for (const [i, url] of urls.entries()) {
      const file = entry.files[i]!
      expect(file.state).toBe('saved')
      const cdn = Buffer.from(await (await fetch(url)).arrayBuffer())
      expect(file.sha256).toBe(createHash('sha256').update(cdn).digest('hex'))
      expect(await sha((await engine.resolveLibraryFile(file.path!))!)).toBe(file.sha256)
      expect(file.width! / file.height!).toBeCloseTo(16 / 9, 1)
      expect(file.thumbnail).not.toBeNull()
      expect(file.path).not.toContain('http')
    }
    const statuses = events.filter((e) => e.localId === record.id).map((e) => e.status)
    expect(statuses).toContain('COMPLETED')
    expect(events.at(-1)!.saved).toBe('saved')
  })

  it('saves videos and music with their durations', async () => {
    const { engine } = await setup()
    const video = await engine.submit({ model: 'v6-1', prompt: 'waves', v6Params: { duration: 4 } })
    const music = await engine.submit({ model: 'm1-1', prompt: 'calm piano', m1Params: { duration_seconds: 5 } })
    await engine.settle(90_000)
    const v = engine.getEntry(video.jobId!)!.files[0]!
    const m = engine.getEntry(music.jobId!)!.files[0]!
    expect([v.state, v.mime, m.state, m.mime]).toEqual(['saved', 'video/webm', 'saved', 'audio/wav'])
    expect(v.durationSeconds).toBeCloseTo(4, 0)
    expect(m.durationSeconds).toBeCloseTo(5, 0)
  })

  it('takes webhooks as a short-cut when a listener is reachable', async () => {
    const { engine } = await setup({ allowPrivateWebhooks: true }, { webhooks: { mode: 'local' } })
    const record = await engine.submit({ model: 'i1-1', prompt: 'webhook test' })
    expect(record.request.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/v2$/)
    await engine.settle(60_000)
    const job = await engine.client.getJob(record.jobId!)
    expect(job.webhookStatus).toBe('delivered')
    expect(engine.getEntry(record.jobId!)!.files[0]!.state).toBe('saved')
  })

  it('shows real progress from progress webhooks, only ever forward, without asking the service', async () => {
    const { engine, events } = await setup({ allowPrivateWebhooks: true, speed: 4 }, { webhooks: { mode: 'local' } })
    const getJob = vi.spyOn(engine.client, 'getJob')
    const record = await engine.submit({ model: 'v6-1', prompt: 'progress through webhooks', v6Params: { duration: 4 } })
    expect(record.request.webhookEvents).toEqual(['progress', 'completed', 'failed'])
    await engine.settle(60_000)
    const seen = events.filter((v) => v.localId === record.id && v.status === 'PROCESSING').map((v) => v.progress ?? 0)
    // Several distinct percentages between 0 and 100, in rising order.
    const distinct = new Set(seen.filter((p) => p > 0 && p < 100)).size
    expect(distinct).toBeGreaterThan(2)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    // The percentages came with the events: the service was asked far fewer times.
    expect(getJob.mock.calls.length).toBeLessThan(distinct)
  })

  it('rejects an invalid request before journaling it, naming the field', async () => {
    const { engine } = await setup()
    await expect(engine.submit({ model: 'i3-4', prompt: 'x', i3Params: { steps: 99 } })).rejects.toMatchObject({ details: { 'i3Params.steps': expect.any(Array) } })
    expect(engine.jobs()).toHaveLength(0)
  })

  it('records a refusal by the service (credits) without retrying it', async () => {
    const { engine, sim } = await setup({ credits: 1 })
    const record = await engine.submit({ model: 'i4-1', prompt: 'too expensive' })
    expect(record.submission).toBe('rejected')
    expect(record.error).toMatch(/credits/i)
    expect(sim.jobCount()).toBe(0)
  })

  it('rescues completed jobs submitted elsewhere', async () => {
    const { engine, sim } = await setup()
    const jobId = await completedElsewhere(sim, 'made on another computer')
    const report = await engine.runRescue()
    expect(report.rescued).toBe(1)
    await engine.settle(60_000)
    const entry = engine.getEntry(jobId)!
    expect(entry.origin).toBe('elsewhere')
    expect(entry.prompt).toBe('made on another computer')
    expect(entry.files[0]!.state).toBe('saved')
  })

  it('remembers a delete, so rescue does not bring the item back, and can undo it for a while', async () => {
    const { engine, sim } = await setup()
    const jobId = await completedElsewhere(sim, 'deleted, then wanted back')
    await engine.runRescue()
    await engine.settle(60_000)
    const saved = engine.getEntry(jobId)!
    const file = (await engine.resolveLibraryFile(saved.files[0]!.path!))!
    const bytes = await readFile(file)

    await engine.removeEntry(jobId)
    expect(engine.getEntry(jobId)).toBeUndefined()
    await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' })
    // The service still lists the job as completed and unexpired: rescue leaves it alone.
    expect((await engine.runRescue()).rescued).toBe(0)
    await engine.settle(60_000)
    expect(engine.getEntry(jobId)).toBeUndefined()

    // Undo brings back the entry and its very files.
    const back = await engine.restoreEntry(jobId)
    expect(back?.files[0]?.state).toBe('saved')
    expect(await readFile(file)).toEqual(bytes)
    expect(engine.isDeleted(jobId)).toBe(false)

    // After the undo window the trash is emptied; the delete stays remembered.
    await engine.removeEntry(jobId)
    await engine.emptyTrash(0)
    expect(await engine.restoreEntry(jobId)).toBeUndefined()
    expect((await engine.runRescue()).rescued).toBe(0)
  })

  it('tries again, at start, outputs an earlier version marked lost without the service saying so', async () => {
    const { dir, engine, sim } = await setup()
    const jobId = await completedElsewhere(sim, 'marked lost by a disk error')
    await engine.runRescue()
    await engine.settle(60_000)
    const entry = engine.getEntry(jobId)!
    await rm((await engine.resolveLibraryFile(entry.files[0]!.path!))!)
    await engine.close()
    // As an earlier version left it: the file marked lost in the library's own records.
    const earlier = await Library.open(join(dir, 'engine', 'library'))
    await earlier.updateFile(jobId, 0, { state: 'lost', path: null, lostReason: 'Could not be saved: disk error: EISDIR: illegal operation on a directory' })
    await earlier.close()

    const again = new Engine(engineOptionsFor(sim, join(dir, 'engine')))
    cleanup.defer(() => again.close())
    await again.start()
    await again.settle(60_000)
    const revived = again.getEntry(jobId)!
    expect(revived.files[0]!.state).toBe('saved')
    expect(await sha((await again.resolveLibraryFile(revived.files[0]!.path!))!)).toBe(revived.files[0]!.sha256)
  })

  it('tells the user when it cannot look for missing jobs, and what it finds once it can', async () => {
    let key = 'mgk_wrong'
    const { engine, sim } = await setup({}, { apiKey: () => key, rescueEveryMs: 10 * 60_000 })
    const notices: { level: string; message: string; cause?: string }[] = []
    engine.on('notice', (n) => notices.push({ level: n.level, message: n.message, ...(n.cause ? { cause: n.cause } : {}) }))

    await engine.checkForMissingJobs()
    await engine.checkForMissingJobs()
    // Said once, with the reason and when it will look again, not at every failed look; it
    // says it comes from the rejected key, which Settings shows already.
    expect(notices).toEqual([{ level: 'warning', message: expect.stringMatching(/API key was rejected.*every 10 minutes/), cause: 'key-rejected' }])

    const jobId = await completedElsewhere(sim, 'made while the key was wrong')
    key = sim.apiKey
    await engine.checkForMissingJobs()
    expect(notices[1]).toEqual({ level: 'info', message: 'Saving 1 finished job that was missing from your library (1 started elsewhere).' })
    await engine.settle(60_000)
    expect(engine.getEntry(jobId)?.files[0]?.state).toBe('saved')

    await engine.checkForMissingJobs()
    expect(notices).toHaveLength(2)
  })

  it('shows an output purged before it could be saved as lost, with the reason', async () => {
    const { engine, sim } = await setup({ retentionSeconds: 1 })
    const record = await engine.submit({ model: 'i1-1', prompt: 'purged while the app was closed' })
    // The app closes (or crashes) before the job ends, and stays closed past the retention.
    await engine.close()
    const headers = { 'X-API-Key': sim.apiKey }
    await vi.waitFor(async () => {
      const job = (await (await fetch(`${sim.url}/v2/jobs/${record.jobId}`, { headers })).json()) as { expired?: boolean }
      expect(job.expired).toBe(true)
    }, { timeout: 15_000, interval: 25 })
    const reopened = new Engine({ ...engine.opts })
    await reopened.start()
    cleanup.defer(() => reopened.close())
    await reopened.settle(30_000)
    const file = reopened.getEntry(record.jobId!)!.files[0]!
    expect(file.state).toBe('lost')
    expect(file.lostReason).toMatch(/purged/i)
    expect(reopened.job(record.id)!.saved).toBe('lost')
  })

  it('never writes the API key anywhere in its data folder', async () => {
    const { engine, dir, sim } = await setup()
    await engine.submit({ model: 'i1-1', prompt: 'key check' })
    await engine.settle(60_000)
    await engine.close()
    for (const file of await allFiles(join(dir, 'engine'))) {
      const text = await readFile(file, 'latin1')
      expect(text.includes(sim.apiKey), file).toBe(false)
    }
  })
})

describe('engine start-up', () => {
  it('opens while the service is unreachable, keeping unsent submissions for later', async () => {
    const dir = await cleanup.tempDir('engine-offline-')
    const { JobStore } = await import('../../../src/main/core/jobs/job-store')
    const journal = await JobStore.open(join(dir, 'engine', 'journal.jsonl'))
    await journal.put(unsentRecord({ id: 'unsent', request: { model: 'i1-1', prompt: 'offline' } }))
    await journal.close()
    // Port 9 (discard) on loopback refuses connections.
    const engine = new Engine({ dataDir: join(dir, 'engine'), baseUrl: 'http://127.0.0.1:9', legacyBaseUrl: 'http://127.0.0.1:9/legacy', apiKey: () => 'mgk_test', webhooks: { mode: 'off' } })
    cleanup.defer(() => engine.close())
    await engine.start()
    expect(engine.job('unsent')!.submission).toBe('journaled')
  })
})
