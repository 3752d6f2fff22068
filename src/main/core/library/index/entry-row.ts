// What the index keeps of an entry besides its JSON: the columns the gallery filters and
// sorts on, and the text the prompt search looks in.
import type { LibraryEntry } from '../../../../shared/app/views'
import { foldText } from './fold-text'

/** Times beyond this many ms from 1970 are clamped, so that time × 1024 stays an exact integer. */
const TIME_LIMIT = 2 ** 42
/** Keys each millisecond owns: entries completed in it take them in turn (and, past them, the keys that follow; see entry-keys). */
export const SEQ_PER_MS = 1024

export interface EntryRow {
  id: string
  time: number
  modality: string
  model: string
  cost: number | null
  favorite: number
  lora: string | null
  pending: number
  lost: number
  text: string
}

/** Completion time (epoch ms): the gallery's order. */
export function entryTime(e: LibraryEntry): number {
  return timeAt(e.completedAt ?? e.createdAt)
}

/** The time (epoch ms) of an entry's completion date as written; 0 for none. */
export function timeAt(at: string | null): number {
  const t = Date.parse(at ?? '') || 0
  return Math.max(-TIME_LIMIT, Math.min(TIME_LIMIT, t))
}

/** The lowest key of entries completed at `time` (ms), or after it. */
export function seqOf(time: number): number {
  return Math.max(-TIME_LIMIT, Math.min(TIME_LIMIT, Math.floor(time))) * SEQ_PER_MS
}

function loraOf(params: Record<string, unknown>): string | null {
  for (const value of Object.values(params)) {
    if (value !== null && typeof value === 'object' && typeof (value as { loraId?: unknown }).loraId === 'string') return (value as { loraId: string }).loraId
  }
  return null
}

function negativePrompt(params: Record<string, unknown>): string {
  const value = params.negative_prompt ?? params.negativePrompt
  return typeof value === 'string' ? value : ''
}

/** Prompt, negative prompt and model, folded (case and accents), for the search. */
export function searchText(e: LibraryEntry): string {
  return foldText(`${e.prompt ?? ''} ${negativePrompt(e.params)} ${e.model}`)
}

export function entryRow(e: LibraryEntry): EntryRow {
  return {
    id: e.id,
    time: entryTime(e),
    modality: e.modality,
    model: e.model,
    cost: e.creditCost,
    favorite: e.favorite ? 1 : 0,
    lora: loraOf(e.params),
    pending: e.files.filter((f) => f.state === 'pending').length,
    lost: e.files.filter((f) => f.state === 'lost').length,
    text: searchText(e)
  }
}
