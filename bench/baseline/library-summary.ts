// The library store before the SQLite index, kept only as the library benchmark's baseline.
// What the library keeps in memory per entry: enough to list, search and count, and
// small, so that 100,000 of them load in a fraction of a second. The full entry lives in
// its job's folder and is read when a page shows it.
import type { LibraryEntry } from '../../src/shared/app/views'

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
  // For the gallery's filters and sorts (absent in summaries of older versions, which
  // are rewritten as their entries change).
  model?: string
  cost?: number | null
  favorite?: boolean
  boards?: string[]
  /** The LoRA it was made with (I17's loraId). */
  lora?: string | null
}

function loraOf(params: Record<string, unknown>): string | null {
  for (const value of Object.values(params)) {
    if (value !== null && typeof value === 'object' && typeof (value as { loraId?: unknown }).loraId === 'string') return (value as { loraId: string }).loraId
  }
  return null
}

export function summarize(e: LibraryEntry): LibrarySummary {
  return {
    id: e.id,
    time: Date.parse(e.completedAt ?? e.createdAt) || 0,
    modality: e.modality,
    text: `${e.prompt ?? ''} ${e.model}`,
    pending: e.files.filter((f) => f.state === 'pending').length,
    lost: e.files.filter((f) => f.state === 'lost').length,
    model: e.model,
    cost: e.creditCost,
    favorite: e.favorite,
    boards: e.boards,
    lora: loraOf(e.params)
  }
}

/** A structural check on load; every line is already checksummed against damage. */
export function looksLikeSummary(v: unknown): LibrarySummary | null {
  const s = v as Partial<LibrarySummary> | null
  return s && typeof s === 'object' && typeof s.id === 'string' && typeof s.time === 'number' && typeof s.text === 'string'
    ? (s as LibrarySummary)
    : null
}
