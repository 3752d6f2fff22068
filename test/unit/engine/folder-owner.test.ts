// One engine per data folder: a second one waits or is refused with the holder named; a
// dead owner's lock is taken over at once; an engine that loses the folder to another
// process stops writing, says so, and carries on, saving what waited, once it is back.
import { spawn } from 'node:child_process'
import { readFile, rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { once } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import type { Simulator, SimulatorOptions } from '../../../src/simulator'
import { Engine, type EngineOptions, type EngineEvents } from '../../../src/main/core/engine'
import { FolderBusyError, lockFolder } from '../../../src/main/core/fs/folder-lock'
import { FolderLostError } from '../../../src/main/core/fs/folder-hold'
import { cleanupAfterEach } from '../support/cleanup'
import { engineOptionsFor, startTestSimulator } from '../support/demo-engine'

type Notice = EngineEvents['notice'][0]

const cleanup = cleanupAfterEach()

const tempDir = () => cleanup.tempDir('folder-owner-')

const simulator = (dir: string, opts: SimulatorOptions = {}) => startTestSimulator(cleanup, dir, opts)

function engineOn(dataDir: string, sim: Simulator, opts: Partial<EngineOptions> = {}) {
  const engine = new Engine(engineOptionsFor(sim, dataDir, opts))
  const notices: Notice[] = []
  engine.on('notice', (n) => notices.push(n))
  cleanup.defer(() => engine.close())
  return { engine, notices }
}

describe('one engine per data folder', () => {
  it('refuses a second engine on a held folder, naming the holder, and lets a waiting one in once the first closes', async () => {
    const dir = await tempDir()
    const sim = await simulator(dir)
    const dataDir = join(dir, 'data')
    const first = engineOn(dataDir, sim)
    await first.engine.start()

    const refused = engineOn(dataDir, sim, { lockWaitMs: 0 })
    const err = await refused.engine.start().catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FolderBusyError)
    expect((err as Error).message).toContain(`pid ${process.pid}`)
    expect((err as Error).message).toMatch(/since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/)

    const waiting = engineOn(dataDir, sim)
    let started = false
    const starting = waiting.engine.start().then(() => (started = true))
    await vi.waitFor(() => expect(waiting.notices.map((n) => n.message).join('\n')).toContain('waiting for it to finish'), { timeout: 10_000 })
    expect(started).toBe(false)
    await first.engine.close()
    await starting
    expect(started).toBe(true)
  })

  it('takes over at once the lock of an owner that was killed', async () => {
    const dir = await tempDir()
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'hold-folder.ts'), dir], { stdio: ['ignore', 'pipe', 'inherit'] })
    cleanup.defer(async () => void child.kill('SIGKILL'))
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    await vi.waitFor(() => expect(out).toContain('held'), { timeout: 30_000, interval: 50 })
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
    // The lock is still fresh, and stays so for a minute; only knowing its owner is dead
    // lets the next engine in before giving up at 15 s.
    const release = await lockFolder(dir, { staleMs: 60_000, waitMs: 15_000 })
    const owner = await readFile(join(dir, 'owner.pid'), 'utf8')
    expect(owner.split(' ')[1]).toBe(String(process.pid))
    await release()
  }, 60_000)

  it('stops writing when another process takes the folder, and saves what waited once it is back', async () => {
    const dir = await tempDir()
    const sim = await simulator(dir, { holdJobs: true })
    const dataDir = join(dir, 'data')
    const { engine, notices } = engineOn(dataDir, sim, { lockStaleMs: 2_000 })
    await engine.start()
    const record = await engine.submit({ model: 'i1-1', prompt: 'a lighthouse at dusk' })
    expect(record.submission).toBe('accepted')

    // Another process takes the folder over, as `sync` does after this one stalled past
    // the stale time: the lock this engine keeps fresh is replaced by the other's.
    await rmdir(join(dataDir, 'owner.lock'))
    const releaseOther = await lockFolder(dataDir, { staleMs: 2_000 })
    cleanup.defer(releaseOther)
    await vi.waitFor(() => expect(notices.some((n) => n.level === 'error' && n.message.includes('took over'))).toBe(true), { timeout: 10_000 })

    const journal = await readFile(join(dataDir, 'journal.jsonl'))
    await expect(engine.submit({ model: 'i1-1', prompt: 'another' })).rejects.toThrow(FolderLostError)
    await expect(engine.submit({ model: 'i1-1', prompt: 'another' })).rejects.toThrow(/took over .*data/)
    // Nor does anything else that would write the journal.
    await expect(engine.dismiss(record.id)).rejects.toThrow()
    expect(engine.folderLostReason()).toContain('took over')
    expect(await readFile(join(dataDir, 'journal.jsonl'))).toEqual(journal)

    // The job finishes at the service while the other process has the folder.
    sim.releaseJobs()
    await releaseOther()
    await vi.waitFor(() => expect(notices.some((n) => n.level === 'info' && n.message.includes('to itself again'))).toBe(true), { timeout: 10_000 })
    expect(engine.folderLostReason()).toBeNull()
    await engine.settle(30_000)
    const entry = engine.getEntry(engine.job(record.id)!.jobId!)
    expect(entry?.files.every((f) => f.state === 'saved')).toBe(true)
    expect((await engine.submit({ model: 'i1-1', prompt: 'after' })).submission).toBe('accepted')
  }, 60_000)
})
