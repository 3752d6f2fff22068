// The prompts a user comes back to: the history of prompts sent from Create (the last
// 200, one row per prompt and model, each with the settings it was last sent with), prompts
// saved by name, and styles (a named fragment added to the prompt or the negative prompt).
// Kept across restarts in the page's storage; a damaged list keeps what still reads.
import { z } from 'zod'
import { create } from 'zustand'
import { getModel } from '../../shared/api'
import { readSavedList, writeSaved } from './saved'
import { toast } from './toasts'

export const HISTORY_MAX = 200
const SAVED_MAX = 500
const STYLES_MAX = 100
/** Longer than any model's prompt limit, so a real prompt always fits. */
const TEXT_MAX = 20_000
const NAME_MAX = 120

const text = z.string().max(TEXT_MAX)
const name = z.string().trim().min(1).max(NAME_MAX)

const historyItem = z.object({ id: z.string(), prompt: text, modelId: z.string().nullable(), params: z.record(z.string(), z.unknown()), at: z.string() })
const savedPrompt = z.object({ id: z.string(), name, prompt: text })
const promptStyle = z.object({ id: z.string(), name, fragment: text.min(1), target: z.enum(['prompt', 'negative']) })

export type HistoryItem = z.infer<typeof historyItem>
export type SavedPrompt = z.infer<typeof savedPrompt>
export type PromptStyle = z.infer<typeof promptStyle>
export type StyleTarget = PromptStyle['target']

const KEYS = { history: 'prompt-history', saved: 'saved-prompts', styles: 'prompt-styles' } as const

interface PromptLibraryState {
  history: HistoryItem[]
  saved: SavedPrompt[]
  styles: PromptStyle[]
  /**
   * Prompts just sent, one item per prompt and model (a batch is one, a matrix of two models
   * two). A row of the same prompt and model moves to the top with these settings and time:
   * sending one prompt again and again, say with new seeds, is one row.
   */
  remember(items: readonly Omit<HistoryItem, 'id' | 'at'>[], at?: string): void
  save(name: string, prompt: string): void
  addStyle(style: Omit<PromptStyle, 'id'>): void
  rename(list: 'saved' | 'styles', id: string, name: string): void
  remove(list: 'history' | 'saved' | 'styles', id: string): void
}

const newId = () => globalThis.crypto.randomUUID()
const sameRow = (a: Pick<HistoryItem, 'prompt' | 'modelId'>, b: Pick<HistoryItem, 'prompt' | 'modelId'>) => a.prompt === b.prompt && a.modelId === b.modelId

/** One item per prompt and model, the first of each (the order sent). */
function uniqueRows<T extends Pick<HistoryItem, 'prompt' | 'modelId'>>(items: readonly T[]): T[] {
  return items.filter((item, i) => items.findIndex((other) => sameRow(item, other)) === i)
}
const clip = (s: string, max: number) => [...s].slice(0, max).join('')

export const usePromptLibrary = create<PromptLibraryState>((set) => ({
  history: readSavedList(KEYS.history, historyItem, 'history', toast.warning).slice(0, HISTORY_MAX),
  saved: readSavedList(KEYS.saved, savedPrompt, 'saved', toast.warning).slice(0, SAVED_MAX),
  styles: readSavedList(KEYS.styles, promptStyle, 'styles', toast.warning).slice(0, STYLES_MAX),
  remember(items, at = new Date().toISOString()) {
    const fresh = uniqueRows(items.filter((i) => i.prompt.trim() !== '').map((i) => ({ ...i, prompt: clip(i.prompt, TEXT_MAX) })))
    if (fresh.length === 0) return
    set((s) => {
      const kept = s.history.filter((h) => !fresh.some((f) => sameRow(f, h)))
      const added = fresh.map((f) => ({ ...f, id: s.history.find((h) => sameRow(f, h))?.id ?? newId(), at }))
      return { history: [...added, ...kept].slice(0, HISTORY_MAX) }
    })
  },
  save(title, prompt) {
    set((s) => ({ saved: [{ id: newId(), name: clip(title.trim(), NAME_MAX), prompt: clip(prompt, TEXT_MAX) }, ...s.saved].slice(0, SAVED_MAX) }))
  },
  addStyle(style) {
    set((s) => ({ styles: [...s.styles, { ...style, id: newId(), name: clip(style.name.trim(), NAME_MAX), fragment: clip(style.fragment.trim(), TEXT_MAX) }].slice(0, STYLES_MAX) }))
  },
  rename(list, id, title) {
    const trimmed = clip(title.trim(), NAME_MAX)
    if (!trimmed) return
    set((s) => ({ [list]: s[list].map((x) => (x.id === id ? { ...x, name: trimmed } : x)) }))
  },
  remove(list, id) {
    set((s) => ({ [list]: s[list].filter((x: { id: string }) => x.id !== id) }))
  }
}))

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A send from Create into the history: the prompt as written (a wildcard prompt as such, so
 * using it again sends all it makes), one row per model the requests went to, each with the
 * settings its first request was sent with.
 */
export function rememberSent(prompt: string, requests: readonly Record<string, unknown>[]): void {
  const rows = requests.map((request) => {
    const modelId = typeof request.model === 'string' ? request.model : null
    const block = modelId ? request[getModel(modelId)?.blockName ?? ''] : undefined
    return { prompt, modelId, params: isRecord(block) ? block : {} }
  })
  usePromptLibrary.getState().remember(rows)
}

/**
 * The page's storage is small (about 5 MB) and shared with the drafts: the history written
 * is cut, oldest first, to this many characters, so long prompts can never crowd them out.
 */
export const HISTORY_STORED_CHARS = 1_000_000

function newestWithin<T>(list: readonly T[], maxChars: number): T[] {
  let used = 2
  const kept: T[] = []
  for (const item of list) {
    used += JSON.stringify(item).length + 1
    if (used > maxChars) break
    kept.push(item)
  }
  return kept
}

usePromptLibrary.subscribe((s, prev) => {
  if (s.history !== prev.history) writeSaved(KEYS.history, newestWithin(s.history, HISTORY_STORED_CHARS))
  if (s.saved !== prev.saved) writeSaved(KEYS.saved, s.saved)
  if (s.styles !== prev.styles) writeSaved(KEYS.styles, s.styles)
})
