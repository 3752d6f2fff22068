// The gallery's filters as a smart collection keeps them, and back: the order of the grid
// is not part of a collection, and an empty field is no filter.
import type { LibraryFilter } from '../../../shared/app/library-query'
import type { LibraryFilters } from '../../stores/library'

/** What of the gallery's filters a smart collection saves. */
export function filterOf(filters: LibraryFilters): LibraryFilter {
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'sort' || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue
    kept[key] = typeof value === 'string' && key === 'query' ? value.trim() : value
  }
  if (kept['query'] === '') delete kept['query']
  return kept as LibraryFilter
}

/** The gallery's filters showing this collection, in the order the gallery has now. */
export function filtersFor(filter: LibraryFilter, now: LibraryFilters): LibraryFilters {
  return now.sort ? { ...filter, sort: now.sort } : { ...filter }
}

/** True when the gallery shows exactly what the collection saves. */
export function sameFilter(a: LibraryFilter, b: LibraryFilter): boolean {
  const canon = (f: LibraryFilter) => JSON.stringify(Object.entries(f).sort(([x], [y]) => x.localeCompare(y)))
  return canon(a) === canon(b)
}
