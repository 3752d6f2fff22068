// Nothing paid for is lost, through a network that misbehaves the way real ones do and
// processes killed at random moments. Between the engine and the demo service sits a
// fault proxy (cut CDN bodies at random offsets, Range answers included; 500s; 429s;
// answers dropped after the service acted). The engine runs as a child process and is
// SIGKILLed at random times while it submits, tracks and downloads. Then `sync` runs to
// the end. A `sync` runs beside it on the same data folder and is killed too, as a
// user's script might be. For every seed: lost 0, duplicated 0, every output of every COMPLETED job
// saved with the CDN's sha256, and the last `sync` exits 0.
//
// FAULT_SEEDS=1,2,3,… runs more seeds (the benchmark runs a longer series).
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startSimulator } from '../../../src/simulator'
import { Library } from '../../../src/main/core/library/library'
import { findOutputs } from '../../../src/main/core/library/output-urls'
import { seeded } from '../../../src/simulator/faults'
import { startFaultProxy, NO_PROXY_FAULTS } from './fault-proxy'
import { savedFileSha256 } from '../support/saved-file'

const JOBS = 40
const SEEDS = (process.env.FAULT_SEEDS ?? '11,37').split(',').map(Number)
const ROOT = join(__dirname, '..', '..', '..')
const WORKER = join(ROOT, 'test', 'unit', 'chaos', 'fixtures', 'engine-worker.ts')
const CLI = join(ROOT, 'src', 'main', 'cli', 'index.ts')

function run(args: string[], env: Record<string, string> = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  return { child, output: () => text, exited }
}

interface ServiceJob {
  id: string
  status: string
  result?: unknown
}

async function allJobs(url: string, apiKey: string): Promise<ServiceJob[]> {
  const jobs: ServiceJob[] = []
  let cursor: string | undefined
  do {
    const res = await fetch(`${url}/v2/jobs?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: { 'X-API-Key': apiKey } })
    const page = (await res.json()) as { jobs: ServiceJob[]; nextCursor: string | null; hasMore: boolean }
    jobs.push(...page.jobs)
    cursor = page.hasMore && page.nextCursor ? page.nextCursor : undefined
  } while (cursor)
  return jobs
}

describe('saving through a faulty network and SIGKILLs', () => {
  for (const seed of SEEDS) {
    it(`loses nothing and doubles nothing (seed ${seed})`, async () => {
      const dir = await mkdtemp(join(tmpdir(), `faults-${seed}-`))
      const sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service') })
      const proxy = await startFaultProxy(sim.url, seed, { cutBody: 0.35, error500: 0.08, rateLimit: 0.05, dropAnswer: 0.08 })
      const random = seeded(seed * 7919)
      try {
        const dataDir = join(dir, 'app', 'live')
        const syncArgs = [CLI, '--data-dir', join(dir, 'app'), '--base-url', proxy.url, '--api-key', sim.apiKey, 'sync', '--timeout', '120']
        // Three rounds: the submitting engine and a `sync` on the same data folder run at
        // once, and each is SIGKILLed at its own random moment (while submitting,
        // tracking or downloading). Then one run is left to finish.
        for (let round = 0; round < 3; round++) {
          const processes = [run([WORKER, dataDir, proxy.url, sim.apiKey, String(JOBS)]), run(syncArgs)]
          await Promise.all(processes.map(async (p) => {
            const after = 1500 + Math.floor(random() * 6000)
            const timer = setTimeout(() => p.child.kill('SIGKILL'), after)
            await p.exited
            clearTimeout(timer)
          }))
        }
        const last = run([WORKER, dataDir, proxy.url, sim.apiKey, String(JOBS)])
        expect(await last.exited, last.output().slice(-2000)).toBe(0)

        const sync = run(syncArgs)
        const syncCode = await sync.exited
        expect(syncCode, sync.output()).toBe(0)

        proxy.faults = { ...NO_PROXY_FAULTS }
        const jobs = await allJobs(sim.url, sim.apiKey)
        // Duplicated 0: every submission reached the service exactly once.
        expect(jobs).toHaveLength(JOBS)
        const lib = await Library.open(join(dataDir, 'library'))
        try {
          const completed = jobs.filter((j) => j.status === 'COMPLETED')
          expect(completed.length).toBeGreaterThan(JOBS * 0.8)
          let saved = 0
          for (const job of completed) {
            const entry = lib.get(job.id)
            expect(entry, `job ${job.id} is in the library`).toBeDefined()
            for (const out of findOutputs(job.result)) {
              const file = entry!.files.find((f) => f.index === out.index)
              expect(file?.state, `output ${out.index} of ${job.id}: ${file?.lostReason ?? ''}`).toBe('saved')
              const cdn = createHash('sha256').update(Buffer.from(await (await fetch(out.url)).arrayBuffer())).digest('hex')
              expect(file!.sha256).toBe(cdn)
              expect(await savedFileSha256(lib.paths.abs(file!.path!))).toBe(cdn)
              saved++
            }
          }
          // Lost 0, anywhere in the library.
          const { entries } = lib.list({ limit: Number.MAX_SAFE_INTEGER })
          expect(entries.flatMap((e) => e.files.filter((f) => f.state !== 'saved'))).toEqual([])
          expect(saved).toBeGreaterThan(JOBS)
          // The faults really happened.
          expect(proxy.counts.cut).toBeGreaterThan(0)
          expect(proxy.counts.dropped + proxy.counts['500'] + proxy.counts['429']).toBeGreaterThan(0)
        } finally {
          await lib.close()
        }
      } finally {
        await proxy.close()
        await sim.close()
        await rm(dir, { recursive: true, force: true })
      }
    }, 600_000)
  }
})
