// Jobs submitted from this window, newest first, for the progress cards beside the forms
// and Create's results. The queue shows everything; this is just "what I sent lately".
import { create } from 'zustand'

const KEEP = 12

interface SessionJobsState {
  recent: string[]
  add(localId: string): void
  forget(localId: string): void
}

export const useSessionJobs = create<SessionJobsState>((set) => ({
  recent: [],
  add(localId) {
    set((s) => ({ recent: [localId, ...s.recent.filter((id) => id !== localId)].slice(0, KEEP) }))
  },
  forget(localId) {
    set((s) => ({ recent: s.recent.filter((id) => id !== localId) }))
  }
}))
