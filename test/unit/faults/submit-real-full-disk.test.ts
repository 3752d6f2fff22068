// The same truth on a real full disk: the engine's data folder on a small tmpfs (mounted
// for the test, which needs root), filled up, then jobs submitted through the engine. Each
// answer, refused or waiting, is held to once space returns and the engine restarts. Where
// no tmpfs can be mounted, the test is skipped and says why.
import { spawnSync } from 'node:child_process'
import { mkdir, open, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Engine } from '../../../src/main/core/engine'
import { SubmitRefusedError } from '../../../src/main/core/jobs/unwritten'
import { cleanupAfterEach } from '../support/cleanup'
import { engineOptionsFor, startTestSimulator } from '../support/demo-engine'

const cleanup = cleanupAfterEach()
const SUBMITS = 8

async function mountSmallDisk(dir: string): Promise<string | null> {
  if (process.getuid?.() !== 0) return 'mounting a small tmpfs needs root'
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', dir], { encoding: 'utf8' })
  if (r.status !== 0) return `mount -t tmpfs failed: ${(r.stderr || r.error?.message || '').trim()}`
  cleanup.defer(() => spawnSync('umount', ['-l', dir]))
  return null
}

/** Writes zeros until the disk refuses, leaving it full. */
async function fill(path: string): Promise<void> {
  const handle = await open(path, 'w')
  const chunk = Buffer.alloc(4096)
  try {
    for (;;) await handle.write(chunk)
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOSPC') throw err
  } finally {
    await handle.close()
  }
}

describe('submitting on a real full disk', () => {
  it('sends exactly the jobs it answered as waiting, once, and never one it refused', async (ctx) => {
    const dir = await cleanup.tempDir('submit-real-full-')
    const disk = join(dir, 'disk')
    await mkdir(disk)
    const whyNot = await mountSmallDisk(disk)
    if (whyNot) return ctx.skip(`needs a small tmpfs: ${whyNot}`)
    const sim = await startTestSimulator(cleanup, dir)
    const options = engineOptionsFor(sim, join(disk, 'app'))
    const engine = new Engine(options)
    await engine.start()
    // One job first, so the journal's last page has room left, as a used disk's has.
    await engine.submit({ model: 'i1-1', prompt: 'before the disk filled' })
    await engine.settle(30_000)
    const before = sim.jobCount()

    await fill(join(disk, 'filler'))
    const answers: { prompt: string; refused: boolean }[] = []
    const refusals: unknown[] = []
    for (let i = 0; i < SUBMITS; i++) {
      const prompt = `on a full disk ${i}`
      const refused = await engine.submit({ model: 'i1-1', prompt }).then(
        (r) => {
          expect(r.submission, `${prompt}: ${r.error}`).toBe('journaled')
          expect(r.error).toMatch(/^Saved, waiting: the disk is full/)
          return false
        },
        (err: unknown) => {
          refusals.push(err)
          return true
        }
      )
      answers.push({ prompt, refused })
    }
    expect(answers.some((a) => a.refused)).toBe(true)
    expect(sim.jobCount()).toBe(before)

    await rm(join(disk, 'filler'))
    await engine.resendPending()
    await engine.close()
    const restarted = new Engine(options)
    await restarted.start()
    cleanup.defer(() => restarted.close())
    await restarted.resendPending()
    const waiting = answers.filter((a) => !a.refused).map((a) => a.prompt)
    expect(sim.jobCount() - before).toBe(waiting.length)
    const journaled = restarted.jobs().map((r) => [r.request.prompt, r.submission])
    expect(journaled).toEqual([['before the disk filled', 'accepted'], ...waiting.map((p) => [p, 'accepted'])])
    for (const err of refusals) expect(err).toBeInstanceOf(SubmitRefusedError)
  }, 120_000)
})
