// Jobs submitted from this window, newest first, for the compact progress cards beside
// the forms. The queue shows everything; this is just "what I sent a moment ago".
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
