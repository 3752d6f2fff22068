// A job held at its first step for a long while and then let go, tracked by polling alone
// against the demo service: while it is held, the engine backs off to the stall cap and no
// further, so when the service finishes it the engine sees it COMPLETED at the next look,
// at most one cap later. Time is the schedule's own, scaled down: the test waits for the
// engine's looks and events, never for a wall-clock bound.
import { describe, expect, it } from 'vitest'
import {
  adaptiveSchedule, DEFAULT_POLL_POLICY, scalePolicy, type ScheduleFactory, type Sighting
} from '../../../src/main/core/jobs/poll-schedule'
import type { JobView } from '../../../src/shared/app/views'
import { cleanupAfterEach } from '../support/cleanup'
import { startDemoEngine } from '../support/demo-engine'

const cleanup = cleanupAfterEach()

// Every duration of the schedule 50 times shorter: a cap of 180 ms instead of 9 s.
const policy = scalePolicy(DEFAULT_POLL_POLICY, 1 / 50)

interface Look {
  seen: Sighting
  wait: number
}

/** The adaptive schedule, without jitter, telling of every wait it chooses. */
function recordingSchedule(onLook: (look: Look) => void): ScheduleFactory {
  return () => {
    const inner = adaptiveSchedule(policy, () => 0)()
    return (seen) => {
      const wait = inner(seen)
      onLook({ seen, wait })
      return wait
    }
  }
}

describe('tracking a held job', () => {
  it('backs off to the cap while the job is held, and sees it COMPLETED at the next look once it is let go', async () => {
    const looks: Look[] = []
    // Looks at the job while it stands at its first step (before it, it may be at 0%).
    const heldAt = () => looks.filter((l) => l.seen.status === 'PROCESSING' && (l.seen.progress ?? 0) > 0)
    let settled: () => void = () => undefined
    const backedOff = new Promise<void>((resolve) => (settled = resolve))
    const schedule = recordingSchedule((look) => {
      looks.push(look)
      const held = heldAt()
      // Three looks in a row a cap apart, or (should the schedule never back off) enough looks to tell.
      if (held.slice(-3).filter((l) => l.wait === policy.stallCapMs).length === 3 || held.length >= 30) settled()
    })
    const { engine, sim } = await startDemoEngine(cleanup, { engine: { polling: { schedule, listRunning: true } }, prefix: 'held-job-' })
    const record = await engine.submit({ model: 'i1-1', prompt: 'a harbour at night #hold' })
    await backedOff

    const held = heldAt()
    expect(new Set(held.map((l) => l.seen.progress)).size).toBe(1)
    // It has backed off: the last looks while held are a cap apart, not a dense second.
    expect(held.slice(-3).map((l) => l.wait)).toEqual([policy.stallCapMs, policy.stallCapMs, policy.stallCapMs])

    // Once it had backed off, no wait was ever longer than the cap: whenever it is let go,
    // the next look comes within one cap.
    const capped = held.slice(held.findIndex((l) => l.wait === policy.stallCapMs))
    expect(Math.max(...capped.map((l) => l.wait))).toBeLessThanOrEqual(policy.stallCapMs)

    const completed = new Promise<JobView>((resolve) => engine.on('job', (v) => v.status === 'COMPLETED' && resolve(v)))
    expect(sim.releaseJobs(record.jobId!)).toBe(1)
    const view = await completed
    expect(view.jobId).toBe(record.jobId)
  })
})
