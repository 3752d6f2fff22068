// The offline library as a paged list with a search query and a modality filter. Pages
// come from `library.list`; `library.updated`/`library.removed` events keep it current.
import { create } from 'zustand'
import type { LibraryEntry } from '../../shared/app/views'
import { call } from '../api/client'

export type ModalityFilter = 'all' | 'image' | 'video' | 'music'
export const LIBRARY_PAGE_SIZE = 60

interface LibraryState {
  entries: LibraryEntry[]
  total: number
  query: string
  modality: ModalityFilter
  loading: boolean
  loaded: boolean
  error: string | null
  setQuery(query: string): void
  setModality(modality: ModalityFilter): void
  reload(): Promise<void>
  loadMore(): Promise<void>
  upsert(entry: LibraryEntry): void
  remove(jobId: string): void
}

// Each fetch takes a ticket; an answer for an older query or filter is dropped.
let ticket = 0

export const useLibrary = create<LibraryState>((set, get) => {
  const fetchPage = async (offset: number) => {
    const my = ++ticket
    const { query, modality } = get()
    set({ loading: true })
    const r = await call('library.list', {
      offset,
      limit: LIBRARY_PAGE_SIZE,
      ...(query.trim() ? { query: query.trim() } : {}),
      ...(modality !== 'all' ? { modality } : {})
    })
    if (my !== ticket) return
    if (!r.ok) {
      set({ loading: false, loaded: true, error: r.error.message })
      return
    }
    set((s) => {
      const base = offset === 0 ? [] : s.entries
      const seen = new Set(base.map((e) => e.jobId))
      return {
        entries: [...base, ...r.data.entries.filter((e) => !seen.has(e.jobId))],
        total: r.data.total,
        loading: false,
        loaded: true,
        error: null
      }
    })
  }

  return {
    entries: [],
    total: 0,
    query: '',
    modality: 'all',
    loading: false,
    loaded: false,
    error: null,
    setQuery(query) {
      set({ query })
    },
    setModality(modality) {
      set({ modality })
      void fetchPage(0)
    },
    reload: () => fetchPage(0),
    async loadMore() {
      const { loading, entries, total } = get()
      if (loading || entries.length >= total) return
      await fetchPage(entries.length)
    },
    upsert(entry) {
      set((s) => {
        const index = s.entries.findIndex((e) => e.jobId === entry.jobId)
        if (index >= 0) {
          const entries = s.entries.slice()
          entries[index] = entry
          return { entries }
        }
        // A new entry joins the top only when it fits what is shown; a filtered or
        // searched list picks it up on its next fetch.
        const fits = s.query.trim() === '' && (s.modality === 'all' || s.modality === entry.modality)
        return fits ? { entries: [entry, ...s.entries], total: s.total + 1 } : s
      })
    },
    remove(jobId) {
      set((s) => {
        if (!s.entries.some((e) => e.jobId === jobId)) return s
        return { entries: s.entries.filter((e) => e.jobId !== jobId), total: Math.max(0, s.total - 1) }
      })
    }
  }
})
