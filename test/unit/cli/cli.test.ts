// The command line against the demo service with faults on: submissions, a sync killed
// with SIGKILL, a second sync that finishes; nothing lost, nothing submitted twice.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { savedFileSha256 } from '../support/saved-file'

const CLI = join(__dirname, '..', '..', '..', 'src', 'main', 'cli', 'index.ts')
let sim: Simulator
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-'))
  sim = await startSimulator({ port: 0, speed: 10, dataDir: join(dir, 'service'), faults: { error500Rate: 0.1, resetRate: 0.05, truncateRate: 0.2, rateLimitRate: 0.05 } })
})
afterAll(async () => {
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

// Asynchronous on purpose: the demo service runs in this process and must keep answering.
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', join(dir, 'app'), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })))
}

describe('command line', () => {
  it('refuses an invalid submission naming the field, without sending it', async () => {
    const r = await cli(['--base-url', sim.url, '--api-key', sim.apiKey, 'submit', '--model', 'i6-1', '--prompt', 'x', '--params', '{"aspect_ratio":"5:4"}'])
    expect(r.code).not.toBe(0)
    expect(r.err + r.out).toContain('i6Params.aspect_ratio')
    expect(sim.jobCount()).toBe(0)
  })

  it('survives faults and a SIGKILLed sync with nothing lost or doubled', async () => {
    const env = { MEDIAGEN_API_KEY: sim.apiKey }
    for (let i = 0; i < 6; i++) {
      const r = await cli(['--base-url', sim.url, 'submit', '--model', i % 2 ? 'i8-1' : 'i1-1', '--prompt', `cli job ${i}`, '--idempotency-key', `cli-${i}`, ...(i % 2 ? ['--params', '{"number_of_images":2}'] : [])], env)
      // Under faults an answer may be lost: 0 prints the job's id; 3 says the submission is
      // journaled but unanswered (sync resends it with the same key, checked below).
      if (r.code === 0) {
        expect(r.out.trim()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      } else {
        expect(r.code, r.err).toBe(3)
        expect(r.out).toMatch(/^pending \S+: /)
      }
    }
    const first = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', join(dir, 'app'), 'sync', '--timeout', '120'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let seen = ''
    await new Promise<void>((resolve) => {
      first.stdout!.on('data', (c: Buffer) => {
        seen += c.toString()
        if (seen.includes('rescue:')) resolve()
      })
      first.once('exit', () => resolve())
    })
    first.kill('SIGKILL')
    await new Promise((r) => first.once('exit', r).once('close', r))

    const second = await cli(['sync', '--timeout', '120'], env)
    expect(second.code, second.out + second.err).toBe(0)
    expect(second.out).toContain('synced:')
    expect(sim.jobCount()).toBe(6)

    sim.setFaults({ error500Rate: 0, resetRate: 0, truncateRate: 0, rateLimitRate: 0 })
    const ls = await cli(['ls', '--json'], env)
    const entries = JSON.parse(ls.out) as { jobId: string; files: { state: string; path: string; sha256: string }[] }[]
    expect(entries).toHaveLength(6)
    for (const e of entries) {
      const job = (await (await fetch(`${sim.url}/v2/jobs/${e.jobId}`, { headers: { 'X-API-Key': sim.apiKey } })).json()) as { result: { images: string[] } }
      expect(e.files).toHaveLength(job.result.images.length)
      for (const [i, f] of e.files.entries()) {
        expect(f.state).toBe('saved')
        const cdn = Buffer.from(await (await fetch(job.result.images[i]!)).arrayBuffer())
        const sum = createHash('sha256').update(cdn).digest('hex')
        expect(f.sha256).toBe(sum)
        expect(await savedFileSha256(f.path)).toBe(sum)
      }
    }
  }, 300_000)
})
