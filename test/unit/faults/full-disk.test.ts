// A real full disk: the data folder on a small tmpfs (mounted for the test, which needs
// root), filled up while finished jobs wait to be saved. Nothing is marked lost; `sync`
// ends at its timeout and says the disk is full; once space returns, every output is
// saved without being asked again. Where no tmpfs can be mounted, the test is skipped and
// says why.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { Engine } from '../../../src/main/core/engine'
import { findOutputs } from '../../../src/main/core/library/output-urls'
import { savedFileSha256 } from '../support/saved-file'

const CLI = join(__dirname, '..', '..', '..', 'src', 'main', 'cli', 'index.ts')
const JOBS = 4

let base: string
let mnt: string
let mounted = false
let whyNot = ''
let sim: Simulator

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'full-disk-'))
  mnt = join(base, 'disk')
  await mkdir(mnt)
  if (process.getuid?.() !== 0) whyNot = 'mounting a small tmpfs needs root'
  else {
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mnt], { encoding: 'utf8' })
    if (r.status === 0) mounted = true
    else whyNot = `mount -t tmpfs failed: ${(r.stderr || r.error?.message || '').trim()}`
  }
  if (!mounted) console.log(`full-disk test skipped: ${whyNot}`)
  sim = await startSimulator({ port: 0, speed: 20, dataDir: join(base, 'service') })
})

afterAll(async () => {
  await sim?.close()
  if (mounted) spawnSync('umount', ['-l', mnt])
  await rm(base, { recursive: true, force: true })
})

function cli(args: string[]): Promise<{ code: number | null; out: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--data-dir', join(mnt, 'app'), '--base-url', sim.url, '--api-key', sim.apiKey, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let stdout = ''
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString()
    stdout += c.toString()
  })
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, stdout })))
}

/** Writes zeros until the disk refuses, leaving it full. */
async function fill(path: string): Promise<void> {
  const handle = await open(path, 'w')
  const chunk = Buffer.alloc(256 * 1024)
  try {
    for (;;) await handle.write(chunk)
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err
  } finally {
    await handle.close()
  }
}

async function waitCompleted(jobId: string): Promise<void> {
  await vi.waitFor(async () => {
    const job = (await (await fetch(`${sim.url}/v2/jobs/${jobId}`, { headers: { 'X-API-Key': sim.apiKey } })).json()) as { status: string }
    expect(job.status).toBe('COMPLETED')
  }, { timeout: 30_000, interval: 100 })
}

describe('a full disk while outputs wait', () => {
  it('marks nothing lost, makes sync say the disk is full, and saves everything once space returns', async (ctx) => {
    if (!mounted) return ctx.skip(`full-disk test needs a small tmpfs: ${whyNot}`)
    const ids: string[] = []
    for (let i = 0; i < JOBS; i++) {
      const r = await cli(['submit', '--model', 'i1-1', '--prompt', `full disk ${i}`, '--params', '{"aspect_ratio":"16:9"}'])
      expect(r.code, r.out).toBe(0)
      const id = /^[0-9a-f-]{36}$/m.exec(r.stdout)?.[0]
      expect(id, r.out).toBeTruthy()
      ids.push(id!)
    }
    for (const id of ids) await waitCompleted(id)

    const filler = join(mnt, 'filler')
    await fill(filler)
    const timedOut = await cli(['sync', '--timeout', '10'])
    expect(timedOut.code, timedOut.out).toBe(4)
    expect(timedOut.out).toContain('timed out after 10 s')
    expect(timedOut.out).toMatch(/Disk full: \d+ outputs? (is|are) waiting to be saved/)

    // The app stays up while the disk is full, and resumes by itself when space returns.
    const engine = new Engine({ dataDir: join(mnt, 'app', 'live'), baseUrl: sim.url, legacyBaseUrl: sim.legacyUrl, apiKey: () => sim.apiKey, webhooks: { mode: 'off' } })
    const notices: string[] = []
    engine.on('notice', (n) => notices.push(n.message))
    await engine.start()
    try {
      void engine.checkForMissingJobs()
      await vi.waitFor(() => expect(notices.some((n) => n.startsWith('Disk full:'))).toBe(true), { timeout: 30_000, interval: 100 })
      for (const id of ids) expect(engine.getEntry(id)?.files.some((f) => f.state === 'lost') ?? false).toBe(false)

      await rm(filler)
      await engine.settle(60_000)
      for (const id of ids) {
        const job = (await (await fetch(`${sim.url}/v2/jobs/${id}`, { headers: { 'X-API-Key': sim.apiKey } })).json()) as { result: unknown }
        const entry = engine.getEntry(id)
        expect(entry, `job ${id} is in the library`).toBeDefined()
        for (const out of findOutputs(job.result)) {
          const file = entry!.files.find((f) => f.index === out.index)!
          expect(file.state).toBe('saved')
          const cdn = createHash('sha256').update(Buffer.from(await (await fetch(out.url)).arrayBuffer())).digest('hex')
          expect(await savedFileSha256((await engine.resolveLibraryFile(file.path!))!)).toBe(cdn)
        }
      }
    } finally {
      await engine.close()
    }
  }, 180_000)
})
