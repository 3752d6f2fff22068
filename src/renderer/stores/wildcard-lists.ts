// Saved wildcard lists: `__name__` in a prompt is one of a list's lines per matrix cell.
// Kept across restarts in the page's storage (saved.ts); a list that no longer parses is
// dropped with the rest rather than trusted.
import { z } from 'zod'
import { create } from 'zustand'
import type { WildcardLists } from '../features/matrix/wildcards'
import { readSaved, writeSaved } from './saved'

export const LIST_NAME = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/

const savedLists = z.record(z.string().regex(LIST_NAME), z.array(z.string()))
const SAVED_KEY = 'wildcard-lists'

interface WildcardListsState {
  lists: WildcardLists
  /** Saves `lines` (blank ones dropped) under `name`; an error message when the name cannot be used. */
  save(name: string, lines: string[]): string | null
  remove(name: string): void
}

export const useWildcardLists = create<WildcardListsState>((set) => ({
  lists: readSaved(SAVED_KEY, savedLists) ?? {},
  save(name, lines) {
    if (!LIST_NAME.test(name)) return 'Name: letters and digits, joined by single - or _'
    const kept = lines.map((l) => l.trim()).filter((l) => l !== '')
    if (kept.length === 0) return 'Lines: write at least one'
    set((s) => ({ lists: { ...s.lists, [name]: kept } }))
    return null
  },
  remove(name) {
    set((s) => {
      const { [name]: _gone, ...rest } = s.lists
      return { lists: rest }
    })
  }
}))

useWildcardLists.subscribe((s, prev) => {
  if (s.lists !== prev.lists) writeSaved(SAVED_KEY, s.lists)
})
