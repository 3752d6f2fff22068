// Saved wildcard lists: `__name__` in a prompt is one of a list's lines per matrix cell.
// Kept across restarts in the page's storage (saved.ts). They are the user's own writing,
// so a damaged value is salvaged list by list: the readable ones are kept, the whole text
// is kept aside under another key, and the user is told.
import { z } from 'zod'
import { create } from 'zustand'
import type { WildcardLists } from '../../shared/app/wildcards'
import { readSavedText, writeSaved } from './saved'
import { toast } from './toasts'
import { t } from '../i18n/page-i18n'

export const LIST_NAME = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/

const SAVED_KEY = 'wildcard-lists'
const DAMAGED_KEY = 'wildcard-lists.damaged'
const lines = z.array(z.string())

function parse(text: string): { lists: WildcardLists; damaged: boolean } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { lists: {}, damaged: true }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { lists: {}, damaged: true }
  const lists: WildcardLists = {}
  let damaged = false
  for (const [name, value] of Object.entries(raw)) {
    const parsed = lines.safeParse(value)
    if (LIST_NAME.test(name) && parsed.success) lists[name] = parsed.data
    else damaged = true
  }
  return { lists, damaged }
}

function restore(): WildcardLists {
  const text = readSavedText(SAVED_KEY)
  if (text === null) return {}
  const { lists, damaged } = parse(text)
  if (damaged) {
    writeSaved(DAMAGED_KEY, text)
    writeSaved(SAVED_KEY, lists)
    const kept = Object.keys(lists).length
    toast.warning(t('messages:wildcards.damaged', { kept, key: DAMAGED_KEY }))
  }
  return lists
}

interface WildcardListsState {
  lists: WildcardLists
  /** Saves `lines` (blank ones dropped) under `name`; an error message when the name cannot be used. */
  save(name: string, lines: string[]): string | null
  remove(name: string): void
}

export const useWildcardLists = create<WildcardListsState>((set) => ({
  lists: restore(),
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
