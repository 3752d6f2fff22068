// The library entries of the jobs shown in Create's results, by job id. The gallery's
// list is paged and filtered, so it cannot be relied on to hold a just-finished job;
// these are fetched one by one and kept current by `library.updated` events.
import { create } from 'zustand'
import type { LibraryEntry } from '../../shared/app/views'
import { call } from '../api/client'

interface ResultEntriesState {
  byJobId: Record<string, LibraryEntry>
  /** Fetches the entry (again), e.g. when its job says its outputs were saved. */
  fetch(jobId: string): Promise<void>
  upsert(entry: LibraryEntry): void
  /** Takes a newer copy of an entry already shown; others are not kept. */
  refresh(entry: LibraryEntry): void
  remove(jobId: string): void
}

export const useResultEntries = create<ResultEntriesState>((set) => ({
  byJobId: {},
  async fetch(jobId) {
    const r = await call('library.get', { jobId })
    if (r.ok) set((s) => ({ byJobId: { ...s.byJobId, [jobId]: r.data } }))
  },
  upsert(entry) {
    set((s) => ({ byJobId: { ...s.byJobId, [entry.jobId]: entry } }))
  },
  refresh(entry) {
    set((s) => (entry.jobId in s.byJobId ? { byJobId: { ...s.byJobId, [entry.jobId]: entry } } : s))
  },
  remove(jobId) {
    set((s) => {
      if (!(jobId in s.byJobId)) return s
      const byJobId = { ...s.byJobId }
      delete byJobId[jobId]
      return { byJobId }
    })
  }
}))
