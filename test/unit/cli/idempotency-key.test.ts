// An Idempotency-Key given twice: the same request again is the same job; a different
// request is refused, naming the job the key belongs to, and the journal keeps one
// record per job, so a later sync finishes instead of waiting on a phantom twin.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { runCli } from './run-cli'

let sim: Simulator
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-key-'))
  sim = await startSimulator({ port: 0, speed: 20, dataDir: join(dir, 'service') })
})
afterAll(async () => {
  await sim?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('a reused Idempotency-Key', () => {
  it('is refused for a different request, naming its job; the same request is that job; sync then finishes', async () => {
    const data = join(dir, 'app')
    const env = { MEDIAGEN_API_KEY: sim.apiKey }
    const submit = (prompt: string) => runCli(data, ['--base-url', sim.url, 'submit', '--model', 'i1-1', '--prompt', prompt, '--idempotency-key', 'nightly-1'], { env })

    const first = await submit('a lighthouse')
    expect(first.code, first.err).toBe(0)
    const jobId = first.out.trim()

    const other = await submit('a windmill')
    expect(other.code, other.out + other.err).toBe(8)
    expect(other.out).toBe('')
    expect(other.err.split('\n')).toContain(`error: The Idempotency-Key “nightly-1” was already used for another request (job ${jobId}); the service answered with that job and made nothing new. Use a new key for a new request.`)

    const again = await submit('a lighthouse')
    expect(again.code, again.err).toBe(0)
    expect(again.out.trim()).toBe(jobId)
    expect(again.err).toContain(`already used for this same request: job ${jobId}`)
    expect(sim.jobCount()).toBe(1)

    const sync = await runCli(data, ['sync', '--timeout', '120'], { env })
    expect(sync.code, sync.out + sync.err).toBe(0)
    expect(sync.out).toContain('synced: 1 job in the library, 1 file saved')
  }, 240_000)
})
