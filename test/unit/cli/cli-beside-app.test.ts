// The command line beside the running app: `submit`, `sync`, `import` and `repair` are
// handed to the app holding the data folder and answered by it (no key needed: the app's
// own is used), `ls` reads the disk beside it, and the page goes on submitting meanwhile.
// A folder held by a process that does not answer is named, with exit 10.
import { createServer, type Socket } from 'node:net'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handOver, type HandOverContext } from '../../../src/main/cli/hand-over'
import { lockFolder } from '../../../src/main/core/fs/folder-lock'
import { doorFileOf, readDoor } from '../../../src/main/core/handover/door-file'
import { startSimulator, type Simulator } from '../../../src/simulator'
import type { JobView } from '../../../src/shared/app/views'
import type { HandoverCommand } from '../../../src/shared/app/handover'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController } from '../support/test-controller'
import { startLiveApp } from '../support/live-app'
import { pngWithText } from '../support/tool-images'
import { runCli } from './run-cli'

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
const cleanup = cleanupAfterEach()
const unixOnly = process.platform === 'win32' ? it.skip : it
let sim: Simulator
let serviceDir: string

beforeAll(async () => {
  serviceDir = await mkdtemp(join(tmpdir(), 'beside-app-service-'))
  sim = await startSimulator({ port: 0, speed: 50, apiKey: LIVE_KEY, dataDir: serviceDir, log: () => undefined })
})
afterAll(async () => {
  await sim?.close()
  await rm(serviceDir, { recursive: true, force: true })
})

/** The app on a fresh data folder, connected to the account (live mode), closed after the test. */
const liveApp = () => startLiveApp(cleanup, sim, LIVE_KEY)

/** The command line's handover in this process, as `npm run cli -- <command>` runs it. */
async function handed(appDir: string, command: HandoverCommand, options: Record<string, string | boolean>, rest: string[] = [], extra: Partial<HandOverContext> = {}) {
  const out: string[] = []
  const err: string[] = []
  const code = await handOver(command, { dataDir: appDir, options, rest, out: (l) => out.push(l), err: (l) => err.push(l), startedAt: Date.now(), ...extra })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

async function pictures(count: number): Promise<string> {
  const dir = await cleanup.tempDir('beside-app-pictures-')
  for (let i = 0; i < count; i++) await writeFile(join(dir, `${i}.png`), await pngWithText({ parameters: `a harbour ${i}\nSteps: 20, Seed: ${i}, Size: 24x16, Model: dreamshaper_8` }))
  return dir
}

describe('the command line beside the running app', () => {
  it('hands submit, sync, import and repair to the app, lists with ls, while the page submits too', async () => {
    const { appDir, ok } = await liveApp()
    const folder = await pictures(2)
    const page = ok<JobView>('jobs.submit', { request: { model: 'i1-1', prompt: 'from the page' } })
    // No key and no base URL: the app's own connection does the work.
    const [submit, imported, repaired, listed] = await Promise.all([
      runCli(appDir, ['submit', '--model', 'i1-1', '--prompt', 'from a script']),
      runCli(appDir, ['import', folder]),
      runCli(appDir, ['repair']),
      runCli(appDir, ['ls'])
    ])
    expect(submit.code, submit.err).toBe(0)
    const jobId = submit.out.trim()
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/)
    expect(submit.err).toContain(`(pid ${process.pid})`)
    expect(imported.code, imported.err).toBe(0)
    expect(imported.out).toContain(`import: 2 imported into ${join(appDir, 'live', 'library')}`)
    expect(repaired.code, repaired.err).toBe(0)
    expect(repaired.out).toMatch(/^repair: checked \d+ job folders?\n/)
    expect(listed.code, listed.err).toBe(0)
    await page

    const synced = await runCli(appDir, ['sync', '--timeout', '60'])
    expect(synced.code, synced.out + synced.err).toBe(0)
    expect(synced.out).toMatch(/synced: 4 jobs in the library, 4 files saved/)
    // The page sees the script's job, and the library has its file: the app did the work.
    const jobs = await ok<JobView[]>('jobs.list', {})
    expect(jobs.map((j) => j.jobId)).toContain(jobId)
    const entries = (await ok<{ entries: { jobId: string }[] }>('library.list', {})).entries
    expect(entries.map((e) => e.jobId)).toContain(jobId)
    const ls = await runCli(appDir, ['ls', '--json'])
    expect((JSON.parse(ls.out) as { jobId: string }[]).map((e) => e.jobId)).toContain(jobId)
    // The app still holds its folder: nobody took it over.
    expect((await readFile(join(appDir, 'live', 'owner.pid'), 'utf8')).split(' ')[1]).toBe(String(process.pid))
  }, 120_000)

  it('20 command-line submits at once, while the page submits, each become one job', async () => {
    const { appDir, ok } = await liveApp()
    const before = sim.jobCount()
    const page = Array.from({ length: 5 }, (_, i) => ok<JobView>('jobs.submit', { request: { model: 'i1-1', prompt: `page ${i}` } }))
    const scripts = Array.from({ length: 20 }, (_, i) => handed(appDir, 'submit', { model: 'i1-1', prompt: `script ${i}` }))
    const answers = await Promise.all(scripts)
    await Promise.all(page)
    for (const a of answers) expect(a.code, a.err).toBe(0)
    const ids = answers.map((a) => a.out.trim())
    expect(new Set(ids).size).toBe(20)
    expect(sim.jobCount() - before).toBe(25)
    const listed = (await ok<JobView[]>('jobs.list', {})).map((j) => j.jobId)
    expect(listed).toEqual(expect.arrayContaining(ids))
  }, 120_000)

  it('keeps the Idempotency-Key rules of the app\'s journal', async () => {
    const { appDir } = await liveApp()
    const first = await handed(appDir, 'submit', { model: 'i1-1', prompt: 'keyed', 'idempotency-key': 'script-key-1' })
    expect(first.code, first.err).toBe(0)
    const again = await handed(appDir, 'submit', { model: 'i1-1', prompt: 'keyed', 'idempotency-key': 'script-key-1' })
    expect(again.code, again.err).toBe(0)
    expect(again.out).toBe(first.out)
    expect(again.err).toContain('already used for this same request')
    const other = await handed(appDir, 'submit', { model: 'i1-1', prompt: 'something else', 'idempotency-key': 'script-key-1' })
    expect(other.code).toBe(8)
    expect(other.err).toContain('Idempotency-Key “script-key-1” was already used for another request')
  }, 60_000)

  it('a request with the wrong token is refused, exit 10, and nothing is sent', async () => {
    const { appDir } = await liveApp()
    const live = join(appDir, 'live')
    const door = (await readDoor(live))!
    await writeFile(doorFileOf(live), JSON.stringify({ ...door, token: 'w'.repeat(43) }))
    const before = sim.jobCount()
    const r = await handed(appDir, 'submit', { model: 'i1-1', prompt: 'x' })
    expect(r.code).toBe(10)
    expect(r.err).toContain(`folder held by pid ${process.pid}`)
    expect(r.err).toContain("token")
    expect(sim.jobCount()).toBe(before)
  }, 60_000)

  it('a demo-mode app holds the demo folder only: a command line on live runs by itself', async () => {
    const appDir = await cleanup.tempDir('beside-demo-')
    const app = await startTestController(appDir)
    cleanup.defer(() => app.controller.close())
    expect(app.controller.info().mode).toBe('demo')
    expect(await readDoor(join(appDir, 'demo'))).toBeNull()
    const r = await handed(appDir, 'repair', {})
    expect(r.code).toBeNull()
  })
})

describe('a data folder held by a process that does not answer', () => {
  unixOnly('a holder that takes the request and says nothing: exit 10, naming its pid', async () => {
    const appDir = await cleanup.tempDir('beside-silent-')
    const live = join(appDir, 'live')
    await mkdir(live, { recursive: true })
    cleanup.defer(await lockFolder(live))
    const taken: Socket[] = []
    const silent = createServer((socket) => void taken.push(socket))
    const address = join(live, 'cli.sock')
    await new Promise<void>((resolve) => silent.listen(address, resolve))
    cleanup.defer(() => new Promise((resolve) => (silent.close(resolve), taken.forEach((s) => s.destroy()))))
    await writeFile(doorFileOf(live), JSON.stringify({ v: 1, pid: process.pid, address, token: 't'.repeat(43) }), { mode: 0o600 })
    const r = await handed(appDir, 'submit', { model: 'i1-1', prompt: 'x' }, [], { acceptWaitMs: 200 })
    expect(r.code).toBe(10)
    expect(r.err).toContain(`folder held by pid ${process.pid}`)
  })

  it('an older holder without a socket: the command line names it and exits 10', async () => {
    const appDir = await cleanup.tempDir('beside-old-')
    await mkdir(join(appDir, 'live'), { recursive: true })
    cleanup.defer(await lockFolder(join(appDir, 'live')))
    const r = await runCli(appDir, ['submit', '--model', 'i1-1', '--prompt', 'x'])
    expect(r.code).toBe(10)
    expect(r.err).toContain(`folder held by pid ${process.pid}`)
    expect(r.err).not.toContain('API key')
  }, 60_000)
})
