// An import's progress as it is passed on (to the page, or to a command line waiting on the
// process that holds the folder): a few times a second at most, and every change of phase,
// so a folder of 100,000 files is not 100,000 messages.
import type { ImportProgress } from '../../../shared/app/library-import'

const PROGRESS_EVERY_MS = 250

export function throttledProgress(send: (p: ImportProgress) => void): (p: ImportProgress) => void {
  let last = 0
  let phase: ImportProgress['phase'] | null = null
  return (p) => {
    const now = Date.now()
    if (p.phase === phase && now - last < PROGRESS_EVERY_MS) return
    last = now
    phase = p.phase
    send(p)
  }
}
