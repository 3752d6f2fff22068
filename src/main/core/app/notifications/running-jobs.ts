// The jobs under way, as the taskbar (Windows, Linux) or the dock (macOS) shows them: how
// many, and how far along they are on average. Told of every job change; it says what to
// show only when that changes, and a count of 0 when nothing runs, to clear it.
import { isActive } from '../../../../shared/app/job-state'
import type { JobView } from '../../../../shared/app/views'

/** What the taskbar or dock shows of the jobs under way. */
export interface RunningProgress {
  running: number
  /** The mean progress of the running jobs, 0–1 (a job that has said none counts as 0). */
  progress: number
}

/** Steps of the progress shown: a poll's every percent is not worth a redraw of the taskbar. */
const STEPS = 100

export class RunningJobs {
  /** Progress (0–100, or null before the service said any) of each job under way. */
  private readonly running = new Map<string, number | null>()
  private shown: RunningProgress = { running: 0, progress: 0 }

  constructor(private readonly show: (progress: RunningProgress) => void) {}

  jobChanged(view: JobView): void {
    if (isActive(view)) this.running.set(view.localId, view.progress)
    else if (!this.running.delete(view.localId)) return
    this.update()
  }

  jobRemoved(localId: string): void {
    if (this.running.delete(localId)) this.update()
  }

  /** Another engine took over (a switch between demo and live): its jobs are told afresh. */
  reset(): void {
    this.running.clear()
    this.update()
  }

  private update(): void {
    const next = summarize(this.running)
    if (next.running === this.shown.running && next.progress === this.shown.progress) return
    this.shown = next
    this.show(next)
  }
}

function summarize(running: ReadonlyMap<string, number | null>): RunningProgress {
  if (running.size === 0) return { running: 0, progress: 0 }
  let sum = 0
  for (const p of running.values()) sum += Math.min(100, Math.max(0, p ?? 0))
  const mean = sum / running.size / 100
  return { running: running.size, progress: Math.round(mean * STEPS) / STEPS }
}
