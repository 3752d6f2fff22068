// A matrix run sends each cell as its own submission: every cell reaches the service with
// its own Idempotency-Key, so one cell's retry can never be taken for another cell, and a
// cell whose answer was lost is sent again with its own key and charged once.
import { describe, expect, it, vi } from 'vitest'
import { cleanupAfterEach } from '../support/cleanup'
import { startDemoEngine } from '../support/demo-engine'
import { recordingProxy } from './submission-proxy'

const cleanup = cleanupAfterEach()

async function setup(loseAnswerOnce: string[] = []) {
  const { sim, proxy, engine } = await startDemoEngine(cleanup, {
    prefix: 'matrix-keys-',
    simulator: { holdJobs: true },
    via: (service) => recordingProxy(service.url, new Set(loseAnswerOnce))
  })
  return { sim, proxy, engine }
}

/** The cells of a 3 × 2 matrix: three models, two seeds, one prompt (told apart here by a cell tag). */
const cells = ['i3-1', 'i4-1', 'i12-1'].flatMap((model) =>
  [7, 8].map((seed) => ({ model, prompt: `a lighthouse [${model}/${seed}]`, [`${model.split('-')[0]}Params`]: { seed } }))
)

describe('matrix cells and Idempotency-Keys', () => {
  it('sends N cells with N distinct keys, one job each', async () => {
    const { sim, proxy, engine } = await setup()
    const records = await Promise.all(cells.map((body) => engine.submit(body)))
    expect(records.map((r) => r.submission)).toEqual(Array(6).fill('accepted'))
    expect(proxy.seen).toHaveLength(6)
    const keys = proxy.seen.map((s) => s.key)
    expect(keys.every((k) => typeof k === 'string' && k.length > 0)).toBe(true)
    expect(new Set(keys).size).toBe(6)
    expect(new Set(records.map((r) => r.jobId)).size).toBe(6)
    expect(sim.jobCount()).toBe(6)
  })

  it('sends a cell whose answer was lost again with its own key, and the service keeps one job for it', async () => {
    const lost = cells[2]!.prompt
    const { sim, proxy, engine } = await setup([lost])
    const records = await Promise.all(cells.map((body) => engine.submit(body)))
    const retried = records[2]!
    // However the answer's loss was met (a retry inside the client, or a resend later),
    // the cell ends accepted, with the job the service made on the first attempt.
    await vi.waitFor(async () => {
      if (engine.job(retried.id)?.submission !== 'accepted') await engine.resendPending()
      expect(engine.job(retried.id)?.submission).toBe('accepted')
    }, { timeout: 15_000, interval: 100 })

    const attempts = proxy.seen.filter((s) => s.prompt === lost)
    expect(attempts.length).toBeGreaterThanOrEqual(2)
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1)
    expect(attempts[0]!.key).toBe(retried.idempotencyKey)
    // The other cells' keys are theirs alone.
    const others = proxy.seen.filter((s) => s.prompt !== lost).map((s) => s.key)
    expect(new Set(others).size).toBe(5)
    expect(others).not.toContain(retried.idempotencyKey)
    expect(sim.jobCount()).toBe(6)
  })
})
