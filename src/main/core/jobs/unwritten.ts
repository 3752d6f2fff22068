// What a submission's answer says when the job journal cannot be written (a full disk, a
// failing one). Either the journal never took the submission, and it is refused: nothing
// was or will be sent. Or the journal has it, and it waits: it is sent (again, with its
// Idempotency-Key) once the journal can record the answer. The sentences are here, in one
// place, each whole.
import { tm } from '../i18n/main-i18n'

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT'])

function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && DISK_FULL.has(code)
}

function detail(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\.+$/, '')
}

/** The journal refused the submission itself: nothing was saved, so nothing is or will be sent. */
export class SubmitRefusedError extends Error {
  constructor(readonly reason: unknown) {
    super(
      isDiskFull(reason) ? tm('main:submit.refusedDiskFull') : tm('main:submit.refused', { reason: detail(reason) })
    )
  }
}

/** Journaled, but not even the count of its attempts could be written: it is not sent until it can be. */
export function waitingNote(err: unknown): string {
  return isDiskFull(err)
    ? tm('main:jobNotes.waitingDiskFull')
    : tm('main:jobNotes.waitingJournal', { detail: detail(err) })
}

/** Sent and accepted, but the answer could not be written: sent again with its key (a replay, not charged again), then recorded. */
export function sentNote(jobId: string, err: unknown): string {
  return isDiskFull(err)
    ? tm('main:jobNotes.sentDiskFull', { jobId })
    : tm('main:jobNotes.sentJournal', { jobId, detail: detail(err) })
}

/** Refused by the service, but the refusal could not be written: the journal still holds it as waiting. */
export function refusalUnwrittenNote(refusal: string, err: unknown): string {
  const why = refusal.replace(/\.+$/, '')
  return isDiskFull(err)
    ? tm('main:jobNotes.refusalDiskFull', { why })
    : tm('main:jobNotes.refusalJournal', { why, detail: detail(err) })
}

/** A legacy job sent (it has no key to ask again with), its answer held until the journal can take it. */
export function heldAnswerNote(taskId: string, err: unknown): string {
  return isDiskFull(err)
    ? tm('main:jobNotes.heldAnswerDiskFull', { taskId })
    : tm('main:jobNotes.heldAnswerJournal', { taskId, detail: detail(err) })
}
