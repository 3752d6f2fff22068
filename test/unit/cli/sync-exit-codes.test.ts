// `sync`'s exit code tells a script the truth: 0 only when the service was asked and
// everything is saved; 6 when it cannot be reached, 7 when it refuses the key, 4 when
// the timeout runs out, naming every job still waited on.
import { createServer } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { runCli } from './run-cli'

let sim: Simulator
let dir: string
let closedUrl: string

/** A port that was just free and has nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-sync-'))
  sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service') })
  closedUrl = `http://127.0.0.1:${await closedPort()}`
})
afterAll(async () => {
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('sync exit codes', () => {
  it('exits 6 and says so when the service cannot be reached, never "synced"', async () => {
    const r = await runCli(join(dir, 'unreachable'), ['--base-url', closedUrl, 'sync', '--timeout', '60'], { env: { MEDIAGEN_API_KEY: 'mgk_any_key_at_all' } })
    expect(r.code, r.out + r.err).toBe(6)
    expect(r.err).toMatch(/could not look for finished jobs on the service: .*connect/i)
    expect(r.out).not.toContain('synced:')
  }, 120_000)

  it('exits 7 on a rejected key, keeping a waiting submission for the right key', async () => {
    const data = join(dir, 'rejected-key')
    // Journaled while the service is down: it waits for a sync.
    const submitted = await runCli(data, ['--base-url', closedUrl, 'submit', '--model', 'i1-1', '--prompt', 'waiting for the right key'], { env: { MEDIAGEN_API_KEY: sim.apiKey } })
    expect(submitted.code, submitted.out + submitted.err).toBe(3)
    const before = sim.jobCount()

    const wrong = await runCli(data, ['--base-url', sim.url, 'sync', '--timeout', '60'], { env: { MEDIAGEN_API_KEY: 'mgk_not_this_one' } })
    expect(wrong.code, wrong.out + wrong.err).toBe(7)
    expect(wrong.err).toContain('The API key was rejected by the service')
    expect(wrong.out).not.toContain('synced:')

    const right = await runCli(data, ['sync', '--timeout', '120'], { env: { MEDIAGEN_API_KEY: sim.apiKey } })
    expect(right.code, right.out + right.err).toBe(0)
    expect(right.out).toContain('synced: 1 job in the library, 1 file saved')
    expect(sim.jobCount()).toBe(before + 1)
  }, 240_000)

  it('exits 4 at its timeout, naming each job it waited on and why', async () => {
    const data = join(dir, 'timeout')
    const env = { MEDIAGEN_API_KEY: sim.apiKey }
    const submitted = await runCli(data, ['--base-url', sim.url, 'submit', '--model', 'i1-1', '--prompt', 'still going #hold'], { env })
    expect(submitted.code, submitted.err).toBe(0)
    const jobId = submitted.out.trim()

    const r = await runCli(data, ['sync', '--timeout', '3'], { env })
    expect(r.code, r.out + r.err).toBe(4)
    expect(r.out).toContain('timed out after 3 s with work left:')
    expect(r.out).toMatch(new RegExp(`  job ${jobId}: still running on the service \\((QUEUED|PROCESSING)`))
    sim.releaseJobs(jobId)
  }, 120_000)
})
