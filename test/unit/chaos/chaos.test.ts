// The chaos test: the demo service with faults on (5xx, 429, resets, truncated bodies),
// 100+ jobs, and the engine as a real child process killed with SIGKILL twice mid-run.
// At the end every output of every completed job is on disk with exactly the CDN's bytes,
// and the service holds exactly as many jobs as were submitted.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { Library } from '../../../src/main/core/library/library'
import { findOutputs } from '../../../src/main/core/library/output-urls'
import { savedFileSha256 } from '../support/saved-file'

const JOBS = 102
let sim: Simulator
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chaos-'))
  sim = await startSimulator({
    port: 0,
    speed: 10,
    dataDir: join(dir, 'service'),
    faults: { error500Rate: 0.08, rateLimitRate: 0.05, resetRate: 0.05, truncateRate: 0.15 }
  })
})

afterAll(async () => {
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

function runWorker(): { child: ChildProcess; lines: string[]; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'engine-worker.ts'), join(dir, 'engine'), sim.url, sim.apiKey, String(JOBS)], { stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  let buffer = ''
  child.stdout!.on('data', (c: Buffer) => {
    buffer += c.toString()
    const parts = buffer.split('\n')
    buffer = parts.pop() ?? ''
    lines.push(...parts)
  })
  child.stderr!.on('data', (c: Buffer) => lines.push(`stderr: ${c.toString()}`))
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  return { child, lines, exited }
}

/** Waits for a line (or lines) of the worker's output, for as long as a loaded machine may need. */
function seen(check: () => void): Promise<void> {
  return vi.waitFor(check, { timeout: 120_000, interval: 50 })
}

describe('chaos', () => {
  it('loses nothing and doubles nothing under faults and SIGKILLs', async () => {
    // First run: killed in the middle of submitting.
    const first = runWorker()
    await seen(() => expect(first.lines.filter((l) => l.startsWith('submitted')).length).toBeGreaterThanOrEqual(35))
    first.child.kill('SIGKILL')
    await first.exited

    // Second run: finishes submitting, killed while tracking and downloading.
    const second = runWorker()
    await seen(() => {
      expect(second.lines).toContain('all submitted')
      expect(second.lines.some((l) => /^saved [1-9]\d/.test(l))).toBe(true)
    })
    second.child.kill('SIGKILL')
    await second.exited

    // Third run: left to finish.
    const third = runWorker()
    const code = await third.exited
    expect(code, third.lines.slice(-20).join('\n')).toBe(0)

    sim.setFaults({ error500Rate: 0, rateLimitRate: 0, resetRate: 0, truncateRate: 0 })
    expect(sim.jobCount()).toBe(JOBS)

    const lib = await Library.open(join(dir, 'engine', 'library'))
    let checked = 0
    let cursor: string | undefined
    const jobs: { id: string; status: string; result?: unknown }[] = []
    do {
      const res = await fetch(`${sim.url}/v2/jobs?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: { 'X-API-Key': sim.apiKey } })
      const page = (await res.json()) as { jobs: typeof jobs; nextCursor: string | null; hasMore: boolean }
      jobs.push(...page.jobs)
      cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined
    } while (cursor)
    expect(jobs).toHaveLength(JOBS)
    // The worker asks job i to fail (`#fail`) when i % 17 is 5; faults never fail a job.
    const failing = Array.from({ length: JOBS }, (_, i) => i).filter((i) => i % 17 === 5).length
    const completed = jobs.filter((j) => j.status === 'COMPLETED')
    expect(completed).toHaveLength(JOBS - failing)
    expect(jobs.filter((j) => j.status === 'FAILED')).toHaveLength(failing)
    for (const job of completed) {
      const entry = lib.get(job.id)
      expect(entry, `job ${job.id} is in the library`).toBeDefined()
      for (const out of findOutputs(job.result)) {
        const file = entry!.files.find((f) => f.index === out.index)
        expect(file?.state, `output ${out.index} of ${job.id}`).toBe('saved')
        const cdn = Buffer.from(await (await fetch(out.url)).arrayBuffer())
        expect(await savedFileSha256(lib.paths.abs(file!.path!))).toBe(createHash('sha256').update(cdn).digest('hex'))
        expect(file!.sha256).toBe(createHash('sha256').update(cdn).digest('hex'))
        checked++
      }
    }
    expect(checked).toBeGreaterThan(JOBS)
    await lib.close()
  }, 400_000)
})
