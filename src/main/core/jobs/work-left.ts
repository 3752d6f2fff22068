// What is left for the engine to do, as a yes/no (for `settle`) and in words (for a
// timeout): submissions not answered, jobs still running, outputs not saved yet.
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

export function hasWorkLeft(records: readonly JobRecord[], saving: SavingState): boolean {
  if (saving.busy || saving.pendingFiles > 0) return true
  return records.some((r) => r.submission === 'journaled' || isRunning(r) || (r.status === 'COMPLETED' && (r.saved === 'saving' || r.saved === 'none')))
}

export function describeWorkLeft(records: readonly JobRecord[], saving: SavingState): string[] {
  const unsent = records.filter((r) => r.submission === 'journaled').length
  const running = records.filter(isRunning).length
  const lines: string[] = []
  if (unsent) lines.push(`${unsent} submission${unsent === 1 ? ' is' : 's are'} not answered yet.`)
  if (running) lines.push(`${running} job${running === 1 ? ' is' : 's are'} still running on the service.`)
  lines.push(...saving.waitingLines)
  if (saving.pendingFiles && saving.waitingLines.length === 0) {
    lines.push(`${saving.pendingFiles} output${saving.pendingFiles === 1 ? ' is' : 's are'} still being saved.`)
  }
  return lines
}
