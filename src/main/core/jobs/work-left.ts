// What is left for the engine to do, as a yes/no (for `settle`) and in words (for a
// timeout): submissions not answered, jobs still running, outputs not saved yet. Both
// answers come from the same per-job test, so a timeout never says "work left" without
// naming every job it waited on.
import { isRunning } from '../../../shared/app/job-state'
import type { JobRecord } from './job-record'

export interface SavingState {
  /** Downloads queued, running, waiting to retry, or being recorded. */
  busy: boolean
  /** Library files not saved yet. */
  pendingFiles: number
  /** One line per cause of waiting ("Disk full: 3 outputs are waiting…"). */
  waitingLines: string[]
}

/** Why this job keeps the engine busy, or null when nothing is left to do for it. */
function jobWorkLeft(r: JobRecord): string | null {
  if (r.submission === 'journaled') return `not answered yet${r.error ? ` (${r.error.replace(/\.+$/, '')})` : ''}`
  if (isRunning(r)) {
    const progress = r.progress !== null && r.progress > 0 ? ` ${r.progress}%` : ''
    return `still running on the service (${r.status ?? 'status not known yet'}${progress})`
  }
  if (r.status === 'COMPLETED' && r.saved === 'saving') return 'finished; its outputs are still being saved'
  if (r.status === 'COMPLETED' && r.saved === 'none') return 'finished; its outputs are not in the library yet'
  return null
}

function jobName(r: JobRecord): string {
  return r.jobId ? `job ${r.jobId}` : `submission ${r.id} (${r.model})`
}

export function hasWorkLeft(records: readonly JobRecord[], saving: SavingState): boolean {
  if (saving.busy || saving.pendingFiles > 0) return true
  return records.some((r) => jobWorkLeft(r) !== null)
}

/** One line per job still waited on, then the saver's causes of waiting. */
export function describeWorkLeft(records: readonly JobRecord[], saving: SavingState): string[] {
  const lines: string[] = []
  for (const r of records) {
    const reason = jobWorkLeft(r)
    if (reason) lines.push(`${jobName(r)}: ${reason}`)
  }
  lines.push(...saving.waitingLines)
  if (saving.waitingLines.length === 0 && (saving.pendingFiles > 0 || saving.busy)) {
    lines.push(saving.pendingFiles > 0
      ? `${saving.pendingFiles} output${saving.pendingFiles === 1 ? ' is' : 's are'} still being saved.`
      : 'Downloads are still being finished.')
  }
  return lines
}
