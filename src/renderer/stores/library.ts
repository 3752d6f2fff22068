// The offline library as a window onto the main process's index: the gallery asks for the
// pages near what is on screen (`ensureRange`), and only a bounded number of pages stay
// cached, so 100,000 entries never sit in the page at once. Filters, search and sort go to
// `library.list` as they are; `library.updated`/`library.removed` events refresh what is
// cached. Entries wanted by job whatever the gallery shows (Create's results, the Queue's
// thumbnails) are fetched one by one into the same cache (`entries`), so an event updates
// one place and every view sees the same entry.
import { create, type StoreApi } from 'zustand'
import type { LibraryQuery } from '../../shared/app/library-query'
import type { LibraryEntry } from '../../shared/app/views'
import { call } from '../api/client'

export type LibraryFilters = Omit<LibraryQuery, 'offset' | 'limit'>
export type ModalityFilter = 'all' | NonNullable<LibraryFilters['modality']>

/** About two screens of tiles: small enough that a new filter answers fast, as the first page is all it waits for. */
export const LIBRARY_PAGE_SIZE = 60
/** Pages kept at most (1,200 entries): a dozen screens of tiles around the one shown. */
export const MAX_CACHED_PAGES = 20
/** Entries fetched one by one, kept at most: the oldest fetched go first. */
export const MAX_SINGLE_ENTRIES = 500
/** Events come in bursts while outputs save; one refresh answers a burst. */
const REFRESH_DELAY_MS = 150

interface LibraryState {
  filters: LibraryFilters
  /** The filters of the list on screen (`filters` change at once, the list when their first page arrives). */
  shownFilters: LibraryFilters
  /** Cached pages by page number (offset / LIBRARY_PAGE_SIZE). */
  pages: Record<number, LibraryEntry[]>
  /** Entries fetched one by one by job id, whatever the filters (see `fetchEntry`). */
  entries: Record<string, LibraryEntry>
  total: number
  /** True when more match than `total` says ("10,000+"): the count grows as the grid scrolls further. */
  totalIsLowerBound: boolean
  /** Counts library events, so views that fetch on their own know when to fetch again. */
  revision: number
  loading: boolean
  loaded: boolean
  error: string | null
  setFilters(patch: Partial<LibraryFilters>): void
  setQuery(query: string): void
  setModality(modality: ModalityFilter): void
  /** Drops every page and asks for the first one again. */
  reload(): Promise<void>
  /** Asks for the pages holding entries [start, end) that are not cached, and forgets far ones. */
  ensureRange(start: number, end: number): Promise<void>
  /** Asks again for every cached page (something was added or removed). */
  refresh(): Promise<void>
  /** Fetches one job's entry (again) into `entries`, e.g. when its job says outputs were saved. */
  fetchEntry(jobId: string): Promise<void>
  /** Keeps this entry in `entries` (an entry a call answered with, such as an undone removal). */
  keepEntry(entry: LibraryEntry): void
  /** A newer copy of an entry: replaces it wherever it is cached. */
  upsert(entry: LibraryEntry): void
  remove(jobId: string): void
  /** Forgets everything cached (another account's library) and reads the first page again. */
  clear(): Promise<void>
}

type PageState = Pick<LibraryState, 'pages'>

/** The entry of this job, from the ones fetched by job or the cached pages; undefined when neither has it. */
export function entryFor(s: Pick<LibraryState, 'pages' | 'entries'>, jobId: string): LibraryEntry | undefined {
  return s.entries[jobId] ?? findEntry(s, jobId)?.entry
}

/** `entries` with this one added last (the newest), dropping the oldest beyond `max`. */
export function withEntry(entries: Record<string, LibraryEntry>, entry: LibraryEntry, max = MAX_SINGLE_ENTRIES): Record<string, LibraryEntry> {
  const next = { ...entries }
  delete next[entry.jobId]
  next[entry.jobId] = entry
  const keys = Object.keys(next)
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) delete next[old]
  return next
}

export function entryAt(s: PageState, index: number): LibraryEntry | undefined {
  return s.pages[Math.floor(index / LIBRARY_PAGE_SIZE)]?.[index % LIBRARY_PAGE_SIZE]
}

/** The entry with this job id among the cached pages, with its position in the list. */
export function findEntry(s: PageState, jobId: string): { entry: LibraryEntry; index: number } | undefined {
  for (const [key, page] of Object.entries(s.pages)) {
    const i = page.findIndex((e) => e.jobId === jobId)
    if (i >= 0) return { entry: page[i]!, index: Number(key) * LIBRARY_PAGE_SIZE + i }
  }
  return undefined
}

/** True when any filter or search narrows the list (an empty result then says "nothing found"). */
export function isFiltered(filters: LibraryFilters): boolean {
  return Object.entries(filters).some(([k, v]) => k !== 'sort' && v !== undefined && v !== '')
}

/** Pages to forget when there are too many: the farthest from the page now in view. */
export function pagesToEvict(cached: number[], center: number, max = MAX_CACHED_PAGES): number[] {
  if (cached.length <= max) return []
  return cached
    .slice()
    .sort((a, b) => Math.abs(b - center) - Math.abs(a - center))
    .slice(0, cached.length - max)
}

const clean = (filters: LibraryFilters): LibraryFilters => {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(filters)) {
    const value = typeof v === 'string' ? v.trim() : v
    if (value !== undefined && value !== '') out[k] = value
  }
  return out as LibraryFilters
}

// Every change of filters takes a new generation; an answer for an older one is dropped.
// The pages shown belong to `shownGeneration`: the old list stays on screen until the first
// answer for new filters replaces it, so a filter never flashes an empty grid.
let generation = 0
let shownGeneration = 0
// Bumped by `clear`: an entry fetched for the account that was connected must not land after a switch.
let accountGeneration = 0
// Pages on their way, per generation, so a page is never asked twice at once.
const inFlight = new Set<string>()
let refreshTimer: ReturnType<typeof setTimeout> | null = null

type SetLibrary = StoreApi<LibraryState>['setState']
type GetLibrary = StoreApi<LibraryState>['getState']

interface PageLoader {
  /** Asks for one page of the current filters (again when `force`), unless it is cached or on its way. */
  fetchPage(page: number, force?: boolean): Promise<void>
  /** New filters (or none): a new generation, from the first page. */
  restart(): Promise<void>
  /** Refreshes the cached pages once a burst of events is over. */
  scheduleRefresh(): void
  cancelRefresh(): void
}

/**
 * The count after a page arrives. An exact count is taken as it is; an "at least" count
 * never lowers the one a deeper page gave in the same query (page 0 counts less far ahead
 * than page 200 did), so the grid does not shrink under a user scrolled far down.
 */
function totalOf(fresh: boolean, s: Pick<LibraryState, 'total' | 'totalIsLowerBound'>, page: { total: number; totalIsLowerBound?: boolean | undefined }): Pick<LibraryState, 'total' | 'totalIsLowerBound'> {
  const lowerBound = page.totalIsLowerBound === true
  if (fresh || !lowerBound || !s.totalIsLowerBound) return { total: page.total, totalIsLowerBound: lowerBound }
  return { total: Math.max(s.total, page.total), totalIsLowerBound: true }
}

function pageLoader(set: SetLibrary, get: GetLibrary): PageLoader {
  const fetchPage = async (page: number, force = false): Promise<void> => {
    const gen = generation
    const key = `${gen}:${page}`
    if (inFlight.has(key) || (!force && shownGeneration === gen && get().pages[page])) return
    inFlight.add(key)
    const asked = get().filters
    set({ loading: true })
    const r = await call('library.list', { ...clean(get().filters), offset: page * LIBRARY_PAGE_SIZE, limit: LIBRARY_PAGE_SIZE })
    inFlight.delete(key)
    if (gen !== generation) return
    const stillLoading = [...inFlight].some((k) => k.startsWith(`${gen}:`))
    if (!r.ok) {
      set({ loading: stillLoading, loaded: true, error: r.error.message })
      return
    }
    const fresh = shownGeneration !== gen
    shownGeneration = gen
    set((s) => ({
      pages: fresh ? { [page]: r.data.entries } : { ...s.pages, [page]: r.data.entries },
      ...(fresh ? { shownFilters: asked } : {}),
      ...totalOf(fresh, s, r.data),
      loading: stillLoading,
      loaded: true,
      error: null
    }))
  }
  const cancelRefresh = () => {
    if (refreshTimer) clearTimeout(refreshTimer)
    refreshTimer = null
  }
  return {
    fetchPage,
    restart() {
      generation++
      return fetchPage(0)
    },
    scheduleRefresh() {
      cancelRefresh()
      refreshTimer = setTimeout(() => {
        refreshTimer = null
        void get().refresh()
      }, REFRESH_DELAY_MS)
    },
    cancelRefresh
  }
}

/** What events and single fetches do to the cache: one copy of each entry, wherever it is kept. */
function entryActions(set: SetLibrary, get: GetLibrary, loader: PageLoader): Pick<LibraryState, 'fetchEntry' | 'keepEntry' | 'upsert' | 'remove' | 'clear'> {
  return {
    async fetchEntry(jobId) {
      const gen = accountGeneration
      const r = await call('library.get', { jobId })
      if (r.ok && gen === accountGeneration) get().keepEntry(r.data)
    },
    keepEntry(entry) {
      set((s) => ({ entries: withEntry(s.entries, entry) }))
    },
    upsert(entry) {
      set((s) => ({ revision: s.revision + 1, ...(entry.jobId in s.entries ? { entries: { ...s.entries, [entry.jobId]: entry } } : {}) }))
      const found = findEntry(get(), entry.jobId)
      if (found) {
        const page = Math.floor(found.index / LIBRARY_PAGE_SIZE)
        set((s) => {
          const entries = s.pages[page]!.slice()
          entries[found.index % LIBRARY_PAGE_SIZE] = entry
          return { pages: { ...s.pages, [page]: entries } }
        })
        return
      }
      // Where a new entry falls depends on the filters and the sort; the index knows.
      loader.scheduleRefresh()
    },
    remove(jobId) {
      set((s) => {
        if (!(jobId in s.entries)) return { revision: s.revision + 1 }
        const entries = { ...s.entries }
        delete entries[jobId]
        return { revision: s.revision + 1, entries }
      })
      const found = findEntry(get(), jobId)
      if (found) {
        // Taken off at once so it disappears under the pointer; the refresh then closes the gap.
        const page = Math.floor(found.index / LIBRARY_PAGE_SIZE)
        set((s) => ({
          pages: { ...s.pages, [page]: s.pages[page]!.filter((e) => e.jobId !== jobId) },
          total: Math.max(0, s.total - 1)
        }))
      }
      loader.scheduleRefresh()
    },
    clear() {
      accountGeneration++
      loader.cancelRefresh()
      set((s) => ({ filters: {}, shownFilters: {}, pages: {}, entries: {}, total: 0, totalIsLowerBound: false, revision: s.revision + 1, loaded: false, error: null }))
      return loader.restart()
    }
  }
}

export const useLibrary = create<LibraryState>((set, get) => {
  const loader = pageLoader(set, get)
  return {
    filters: {},
    shownFilters: {},
    pages: {},
    entries: {},
    total: 0,
    totalIsLowerBound: false,
    revision: 0,
    loading: false,
    loaded: false,
    error: null,
    setFilters(patch) {
      set((s) => ({ filters: { ...s.filters, ...patch } }))
      void loader.restart()
    },
    setQuery(query) {
      // Typing does not fetch by itself; the search box reloads once the typing pauses.
      set((s) => ({ filters: { ...s.filters, query } }))
    },
    setModality(modality) {
      get().setFilters({ modality: modality === 'all' ? undefined : modality })
    },
    reload: () => loader.restart(),
    async ensureRange(start, end) {
      const first = Math.max(0, Math.floor(start / LIBRARY_PAGE_SIZE))
      const last = Math.max(first, Math.floor((Math.max(start, end) - 1) / LIBRARY_PAGE_SIZE))
      const evict = pagesToEvict(Object.keys(get().pages).map(Number), Math.floor((first + last) / 2))
      if (evict.length > 0) {
        set((s) => {
          const pages = { ...s.pages }
          for (const p of evict) delete pages[p]
          return { pages }
        })
      }
      const wanted: Promise<void>[] = []
      for (let p = first; p <= last; p++) {
        if (p * LIBRARY_PAGE_SIZE >= Math.max(get().total, 1)) break
        wanted.push(loader.fetchPage(p))
      }
      await Promise.all(wanted)
    },
    async refresh() {
      const cached = Object.keys(get().pages).map(Number)
      await Promise.all((cached.length > 0 ? cached : [0]).map((p) => loader.fetchPage(p, true)))
    },
    ...entryActions(set, get, loader)
  }
})
