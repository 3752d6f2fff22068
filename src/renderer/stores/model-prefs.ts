// Models the user reaches for: favourites they starred and the ones chosen lately, which
// the model palette lists first. Kept across restarts (saved.ts).
import { z } from 'zod'
import { create } from 'zustand'
import { readSaved, writeSaved } from './saved'

const RECENT_KEEP = 8
const SAVED_KEY = 'model-prefs'
const savedPrefs = z.object({ favorites: z.array(z.string()), recent: z.array(z.string()) })

interface ModelPrefsState {
  favorites: string[]
  /** Newest first. */
  recent: string[]
  toggleFavorite(id: string): void
  used(id: string): void
}

export const useModelPrefs = create<ModelPrefsState>((set) => ({
  favorites: [],
  recent: [],
  ...readSaved(SAVED_KEY, savedPrefs),
  toggleFavorite(id) {
    set((s) => ({ favorites: s.favorites.includes(id) ? s.favorites.filter((f) => f !== id) : [...s.favorites, id] }))
  },
  used(id) {
    set((s) => ({ recent: [id, ...s.recent.filter((r) => r !== id)].slice(0, RECENT_KEEP) }))
  }
}))

useModelPrefs.subscribe(({ favorites, recent }) => writeSaved(SAVED_KEY, { favorites, recent }))
