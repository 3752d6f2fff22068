// What is left for the engine to do, as a yes/no (for `settle`) and in words (for a
// timeout): submissions not answered, jobs still running, outputs not saved yet. Both
// answers come from the same per-job test, so a timeout never says "work left" without
// naming every job it waited on.
import { isRunning } from '../../../shared/app/job-state'
import type { JobRecord } from './job-record'
import { tm } from '../i18n/main-i18n'

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
  if (r.submission === 'journaled') return r.error ? tm('main:workLeft.notAnsweredWhy', { reason: r.error.replace(/\.+$/, '') }) : tm('main:workLeft.notAnswered')
  if (isRunning(r)) {
    const status = r.status ?? tm('main:workLeft.statusUnknown')
    return r.progress !== null && r.progress > 0 ? tm('main:workLeft.runningProgress', { status, progress: r.progress }) : tm('main:workLeft.running', { status })
  }
  if (r.status === 'COMPLETED' && r.saved === 'saving') return tm('main:workLeft.saving')
  if (r.status === 'COMPLETED' && r.saved === 'none') return tm('main:workLeft.notSaved')
  return null
}

function jobLine(r: JobRecord, reason: string): string {
  return r.jobId ? tm('main:workLeft.job', { jobId: r.jobId, reason }) : tm('main:workLeft.submission', { id: r.id, model: r.model, reason })
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
    if (reason) lines.push(jobLine(r, reason))
  }
  lines.push(...saving.waitingLines)
  if (saving.waitingLines.length === 0 && (saving.pendingFiles > 0 || saving.busy)) {
    lines.push(saving.pendingFiles > 0 ? tm('main:workLeft.outputsSaving', { count: saving.pendingFiles }) : tm('main:workLeft.downloads'))
  }
  return lines
}
