// Jobs submitted from this window, newest first, for the progress cards beside the forms
// and Create's results. The queue shows everything; this is just "what I sent lately".
// Only the ids are kept across restarts (the jobs and their outputs come from the engine),
// so Create's results come back after a reload or a restart of the app.
import { z } from 'zod'
import { create } from 'zustand'
import { readSavedList, writeSaved } from './saved'
import { toast } from './toasts'

const KEEP = 40
const SAVED_KEY = 'session-jobs'

interface SessionJobsState {
  recent: string[]
  add(localId: string): void
  forget(localId: string): void
  /** Takes these jobs off the results ("Clear results"); the jobs and files stay. */
  forgetAll(localIds: readonly string[]): void
  /** Puts back a list read before a clear (its Undo). */
  restore(recent: readonly string[]): void
}

const revive = () => [...new Set(readSavedList(SAVED_KEY, z.string().min(1).max(200), 'Saved results', toast.warning))].slice(0, KEEP)

export const useSessionJobs = create<SessionJobsState>((set) => ({
  recent: revive(),
  add(localId) {
    set((s) => ({ recent: [localId, ...s.recent.filter((id) => id !== localId)].slice(0, KEEP) }))
  },
  forget(localId) {
    set((s) => ({ recent: s.recent.filter((id) => id !== localId) }))
  },
  forgetAll(localIds) {
    const gone = new Set(localIds)
    set((s) => ({ recent: s.recent.filter((id) => !gone.has(id)) }))
  },
  restore(recent) {
    // Jobs sent since the clear stay first.
    set((s) => ({ recent: [...new Set([...s.recent, ...recent])].slice(0, KEEP) }))
  }
}))

useSessionJobs.subscribe((s, prev) => {
  if (s.recent !== prev.recent) writeSaved(SAVED_KEY, s.recent)
})
