// The poll schedule the tracker had before it read a job's progress and expected end,
// kept only as the engine benchmark's baseline: every 1 s while PROCESSING (2.5 s while
// QUEUED), growing by half at each look that finds nothing changed, up to 15 s, ±20%.
import type { ScheduleFactory } from '../../src/main/core/jobs/poll-schedule'

/** The fixed schedule with every duration multiplied by `scale` (the benchmark runs in scaled time). */
export function fixedSchedule(scale = 1): ScheduleFactory {
  const processingMs = 1000 * scale
  const queuedMs = 2500 * scale
  const maxMs = 15_000 * scale
  const webhookFactor = 8
  const jitter = 0.2
  return () => {
    let unchanged = 0
    let lastKey = ''
    return (seen) => {
      const key = `${seen.status}:${seen.progress}`
      unchanged = seen.failed || key === lastKey ? unchanged + 1 : 0
      if (!seen.failed) lastKey = key
      const base = seen.status === 'PROCESSING' ? processingMs : queuedMs
      const grown = Math.min(maxMs, base * Math.pow(1.5, Math.min(unchanged, 10)))
      const scaled = seen.webhooks ? Math.min(maxMs * webhookFactor, grown * webhookFactor) : grown
      return Math.round(scaled * (1 - jitter + 2 * jitter * Math.random()))
    }
  }
}
