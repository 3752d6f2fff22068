// Finds where an item sits in the gallery's list, so "Open in gallery" can open it in the
// viewer with its neighbours a step away. A new output sits near the top of the default
// sort, so a few pages usually answer; filters that hide it are lifted first.
import { findEntry, isFiltered, LIBRARY_PAGE_SIZE, useLibrary } from '../../stores/library'

/** Pages looked through at most before giving up (a few thousand items). */
const MAX_PAGES = 50

export interface Located {
  /** Its position in the list, or null when the library does not hold it. */
  index: number | null
  /** The filters were lifted to show it (the search box should empty too). */
  clearedFilters: boolean
}

export async function locateEntry(jobId: string): Promise<Located> {
  const library = useLibrary.getState()
  const cached = findEntry(library, jobId)
  if (cached) return { index: cached.index, clearedFilters: false }
  const clearedFilters = isFiltered(library.filters)
  // The sort is how the user likes to browse, so it stays; filters and search go.
  if (clearedFilters) useLibrary.setState({ filters: library.filters.sort ? { sort: library.filters.sort } : {} })
  // A just-saved item may not be in the cached pages yet: ask the index again.
  await useLibrary.getState().reload()
  for (let page = 0; page < MAX_PAGES; page++) {
    const found = findEntry(useLibrary.getState(), jobId)
    if (found) return { index: found.index, clearedFilters }
    const next = (page + 1) * LIBRARY_PAGE_SIZE
    if (next >= useLibrary.getState().total) break
    await useLibrary.getState().ensureRange(next, next + LIBRARY_PAGE_SIZE)
  }
  return { index: null, clearedFilters }
}
