// Waiting for the engine to have nothing left to send, track or save (the command line
// does this before it exits).
import { describeWorkLeft, type SavingState } from '../jobs/work-left'
import type { JobRecord } from '../jobs/job-record'

/** settle() ran out of time; the message says what is left and why. */
export class SettleTimeoutError extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.length ? `Timed out with work left to do. ${reasons.join(' ')}` : 'Timed out with work left to do')
  }
}

export interface SettleWatch {
  busy: () => boolean
  closed: () => boolean
  jobs: () => readonly JobRecord[]
  saving: () => SavingState
  /** Sends again what waits in the journal, when the folder may be written. */
  resend: () => Promise<void>
}

/** Resolves when nothing is left to send, track or save; rejects with what is left on timeout. */
export async function settle(w: SettleWatch, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!w.closed()) {
    if (!w.busy()) return
    const left = deadline - Date.now()
    if (left <= 0) throw new SettleTimeoutError(describeWorkLeft(w.jobs(), w.saving()))
    // A plain tick, not the saver's idle(): with a full disk the saver is paused
    // indefinitely, and an idle saver would resolve at once and spin this loop.
    await new Promise((r) => setTimeout(r, Math.min(100, left)))
    if (w.jobs().some((r) => r.submission === 'journaled')) await w.resend()
  }
}
