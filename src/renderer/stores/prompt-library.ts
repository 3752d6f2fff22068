// The prompts a user comes back to: the history of prompts sent from Create (the last
// 200, each with its model and settings, identical consecutive ones kept once), prompts
// saved by name, and styles (a named fragment added to the prompt or the negative prompt).
// Kept across restarts in the page's storage; a damaged list keeps what still reads.
import { z } from 'zod'
import { create } from 'zustand'
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
   * A prompt just sent. The same prompt as the newest entry replaces it (with these
   * settings and time): sending one prompt again and again, say with new seeds, is one entry.
   */
  remember(item: Omit<HistoryItem, 'id' | 'at'>, at?: string): void
  save(name: string, prompt: string): void
  addStyle(style: Omit<PromptStyle, 'id'>): void
  rename(list: 'saved' | 'styles', id: string, name: string): void
  remove(list: 'history' | 'saved' | 'styles', id: string): void
}

const newId = () => globalThis.crypto.randomUUID()
const clip = (s: string, max: number) => [...s].slice(0, max).join('')

export const usePromptLibrary = create<PromptLibraryState>((set) => ({
  history: readSavedList(KEYS.history, historyItem, 'Prompt history entries', toast.warning).slice(0, HISTORY_MAX),
  saved: readSavedList(KEYS.saved, savedPrompt, 'Saved prompts', toast.warning).slice(0, SAVED_MAX),
  styles: readSavedList(KEYS.styles, promptStyle, 'Prompt styles', toast.warning).slice(0, STYLES_MAX),
  remember(item, at = new Date().toISOString()) {
    if (item.prompt.trim() === '') return
    set((s) => {
      const [newest, ...rest] = s.history
      if (newest && newest.prompt === item.prompt) return { history: [{ ...newest, ...item, at }, ...rest] }
      return { history: [{ ...item, prompt: clip(item.prompt, TEXT_MAX), id: newId(), at }, ...s.history].slice(0, HISTORY_MAX) }
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
