// Jobs as the engine tracks them, keyed by localId and kept live by `job.updated` and
// `job.removed` events.
import { create } from 'zustand'
import type { JobView } from '../../shared/app/views'
import { call } from '../api/client'

interface JobsState {
  byId: Record<string, JobView>
  loaded: boolean
  error: string | null
  load(): Promise<void>
  upsert(job: JobView): void
  remove(localId: string): void
}

// Jobs removed (dismissed here or by the engine) stay gone: an event already on its way
// must not bring a dismissed row back.
const gone = new Set<string>()

export const useJobs = create<JobsState>((set) => ({
  byId: {},
  loaded: false,
  error: null,
  async load() {
    const r = await call('jobs.list', {})
    if (!r.ok) {
      set({ loaded: true, error: r.error.message })
      return
    }
    const byId: Record<string, JobView> = {}
    for (const job of r.data) if (!gone.has(job.localId)) byId[job.localId] = job
    set({ byId, loaded: true, error: null })
  },
  upsert(job) {
    if (gone.has(job.localId)) return
    set((s) => {
      const prev = s.byId[job.localId]
      // Events and call results can cross; never let an older view replace a newer one.
      if (prev && prev.updatedAt > job.updatedAt) return s
      return { byId: { ...s.byId, [job.localId]: job } }
    })
  },
  remove(localId) {
    gone.add(localId)
    set((s) => {
      if (!(localId in s.byId)) return s
      const byId = { ...s.byId }
      delete byId[localId]
      return { byId }
    })
  }
}))

/** Newest first. */
export function sortJobs(byId: Record<string, JobView>): JobView[] {
  return Object.values(byId).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
}
