// An injected EIO, EACCES, ENOENT or ENOSPC at any step of writing an output (open,
// write, fsync, rename) leaves the output waiting, never lost, tells the user why, and
// the output is saved with the CDN's bytes once the fault clears.
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { Engine } from '../../../src/main/core/engine'
import { findOutputs } from '../../../src/main/core/library/output-urls'
import { FailingFs, type FsFault, type FsStep } from './failing-fs'
import { savedFileSha256 } from '../support/saved-file'

const CODES = ['EIO', 'EACCES', 'ENOENT', 'ENOSPC']
const STEPS: FsStep[] = ['open', 'write', 'sync', 'rename']
const CASES: FsFault[] = CODES.flatMap((code) => STEPS.map((step) => ({ code, step })))

let dir: string
let sim: Simulator
let engine: Engine
const faultOfJob = new Map<string, FsFault>()
const failing = new FailingFs((path) => {
  for (const [jobId, fault] of faultOfJob) if (path.includes(jobId)) return fault
  return null
})
const notices: string[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'disk-errors-'))
  sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service') })
  engine = new Engine({
    dataDir: join(dir, 'engine'),
    baseUrl: sim.url,
    legacyBaseUrl: sim.legacyUrl,
    apiKey: () => sim.apiKey,
    webhooks: { mode: 'off' },
    downloadFs: failing.fs
  })
  engine.on('notice', (n) => notices.push(n.message))
  await engine.start()
})

afterAll(async () => {
  await engine?.close()
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('disk errors while saving', () => {
  it('keeps every output waiting through EIO, EACCES, ENOENT and ENOSPC at open, write, fsync and rename, then saves it', async () => {
    const jobIds: string[] = []
    const submitAll = async (cases: FsFault[]): Promise<void> => {
      for (const fault of cases) {
        // Large enough (a 16:9 image) that the body spans several writes and a checkpoint.
        const record = await engine.submit({ model: 'i1-1', prompt: `disk fault ${jobIds.length} ${fault.code} at ${fault.step}`, i1Params: { aspect_ratio: '16:9' } })
        expect(record.jobId).toBeTruthy()
        faultOfJob.set(record.jobId!, fault)
        jobIds.push(record.jobId!)
      }
      // Every fault fires, and every job's outputs wait with a reason: none is lost.
      await vi.waitFor(() => {
        for (const f of cases) expect(failing.fired.get(`${f.code}@${f.step}`), `${f.code} at ${f.step}`).toBeGreaterThan(0)
        for (const id of jobIds) expect(engine.saveWaitingFor(id), `job ${id} waits`).not.toBeNull()
      }, { timeout: 150_000, interval: 100 })
    }
    // A full disk pauses the whole save queue (every download would fail alike), so the
    // other errors are made to fire first, then ENOSPC at each step.
    await submitAll(CASES.filter((f) => f.code !== 'ENOSPC'))
    await submitAll(CASES.filter((f) => f.code === 'ENOSPC'))
    for (const id of jobIds) {
      const entry = engine.getEntry(id)!
      expect(entry.files.map((f) => f.state)).not.toContain('lost')
      const waiting = engine.jobView(engine.jobByServiceId(id)!).saveWaiting
      expect(waiting?.reason).toBeTruthy()
      // What the "Disk full" notification is raised on, apart from the reason's words.
      if (faultOfJob.get(id)!.code === 'ENOSPC') expect(waiting?.diskFull, `job ${id} waits for room`).toBe(true)
    }
    expect(notices.some((n) => /^Disk full: \d+ outputs? (is|are) waiting to be saved; the first is purged in \d+ h/.test(n))).toBe(true)
    expect(notices.some((n) => n.startsWith('Cannot write to the library folder:'))).toBe(true)

    // The fault clears: everything is saved, byte for byte.
    failing.healed = true
    engine.retrySavingNow()
    await engine.settle(60_000)
    for (const id of jobIds) {
      const entry = engine.getEntry(id)!
      const job = (await (await fetch(`${sim.url}/v2/jobs/${id}`, { headers: { 'X-API-Key': sim.apiKey } })).json()) as { result: unknown }
      for (const out of findOutputs(job.result)) {
        const file = entry.files.find((f) => f.index === out.index)!
        expect(file.state).toBe('saved')
        const cdn = createHash('sha256').update(Buffer.from(await (await fetch(out.url)).arrayBuffer())).digest('hex')
        expect(file.sha256).toBe(cdn)
        expect(await savedFileSha256((await engine.resolveLibraryFile(file.path!))!)).toBe(cdn)
      }
      expect(engine.saveWaitingFor(id)).toBeNull()
    }
    expect(notices.some((n) => n.startsWith('Disk full: resolved'))).toBe(true)
  }, 300_000)
})
