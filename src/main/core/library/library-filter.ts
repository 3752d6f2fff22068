// Turns a gallery query into a test on the in-memory summaries, and orders matches.
// Summaries are small and all in memory, so a filter costs a pass over them, not a read
// of any entry file.
import type { LibraryQuery } from '../../../shared/app/library-query'
import type { LibrarySummary } from './library-summary'

function timeOf(value: string | undefined, endOfDay: boolean): number | null {
  if (!value) return null
  // A bare date means the whole day: from its first moment, to its last.
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}Z` : value)
  return Number.isFinite(t) ? t : null
}

/** A test on summaries for every filter of the query but the text search; null when there is none. */
export function summaryFilter(q: LibraryQuery): ((s: LibrarySummary) => boolean) | null {
  const from = timeOf(q.from, false)
  const to = timeOf(q.to, true)
  const tests: ((s: LibrarySummary) => boolean)[] = []
  if (q.modality) tests.push((s) => s.modality === q.modality)
  if (q.model) tests.push((s) => s.model === q.model)
  if (from !== null) tests.push((s) => s.time >= from)
  if (to !== null) tests.push((s) => s.time <= to)
  if (q.status === 'saved') tests.push((s) => s.pending === 0 && (s.lost ?? 0) === 0)
  if (q.status === 'waiting') tests.push((s) => s.pending > 0)
  if (q.status === 'lost') tests.push((s) => (s.lost ?? 0) > 0)
  if (q.favorite !== undefined) tests.push((s) => (s.favorite ?? false) === q.favorite)
  if (q.board) tests.push((s) => (s.boards ?? []).includes(q.board!))
  if (q.lora) tests.push((s) => s.lora === q.lora)
  if (tests.length === 0) return null
  return (s) => tests.every((t) => t(s))
}

/** Orders ids that are newest first (the search's order) as the query asks. */
export function sortIds(ids: string[], sort: LibraryQuery['sort'], summaryOf: (id: string) => LibrarySummary | undefined): string[] {
  if (sort === 'oldest') return ids.reverse()
  if (sort === 'cost') {
    // Dearest first; equal costs keep newest first (the sort is stable).
    return ids.sort((a, b) => (summaryOf(b)?.cost ?? -1) - (summaryOf(a)?.cost ?? -1))
  }
  return ids
}
