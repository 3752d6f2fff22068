// What the library keeps in memory per entry: enough to list, search and count, and
// small, so that 100,000 of them load in a fraction of a second. The full entry lives in
// its job's folder and is read when a page shows it.
import type { LibraryEntry } from '../../../shared/app/views'

export interface LibrarySummary {
  id: string
  /** Completion time (epoch ms): the gallery's order. */
  time: number
  modality: LibraryEntry['modality']
  /** Prompt and model, for search. */
  text: string
  /** Files still being downloaded. */
  pending: number
  /** Files the service purged before they were saved (absent in summaries of older versions). */
  lost?: number
}

export function summarize(e: LibraryEntry): LibrarySummary {
  return {
    id: e.id,
    time: Date.parse(e.completedAt ?? e.createdAt) || 0,
    modality: e.modality,
    text: `${e.prompt ?? ''} ${e.model}`,
    pending: e.files.filter((f) => f.state === 'pending').length,
    lost: e.files.filter((f) => f.state === 'lost').length
  }
}

/** A structural check on load; every line is already checksummed against damage. */
export function looksLikeSummary(v: unknown): LibrarySummary | null {
  const s = v as Partial<LibrarySummary> | null
  return s && typeof s === 'object' && typeof s.id === 'string' && typeof s.time === 'number' && typeof s.text === 'string'
    ? (s as LibrarySummary)
    : null
}
