// Which view is showing. The app has a handful of top-level views and no deep links, so a
// store is all the routing it needs. The view is kept across restarts (saved.ts).
import { z } from 'zod'
import { create } from 'zustand'
import { readSaved, writeSaved } from './saved'

export const VIEWS = ['create', 'queue', 'gallery', 'tools', 'loras', 'legacy', 'spend', 'settings'] as const
export type View = (typeof VIEWS)[number]

export const VIEW_LABELS: Record<View, string> = {
  create: 'Create',
  queue: 'Queue',
  gallery: 'Gallery',
  tools: 'Tools',
  loras: 'LoRAs',
  legacy: 'Legacy video',
  spend: 'Spend',
  settings: 'Settings'
}

interface NavigationState {
  view: View
  /** Bumped to ask the gallery to focus its search box (the `/` shortcut). */
  searchFocusRequest: number
  go(view: View): void
  focusGallerySearch(): void
}

const SAVED_KEY = 'view'

export const useNavigation = create<NavigationState>((set) => ({
  view: readSaved(SAVED_KEY, z.enum(VIEWS)) ?? 'create',
  searchFocusRequest: 0,
  go(view) {
    set({ view })
    writeSaved(SAVED_KEY, view)
  },
  focusGallerySearch() {
    set((s) => ({ view: 'gallery', searchFocusRequest: s.searchFocusRequest + 1 }))
    writeSaved(SAVED_KEY, 'gallery')
  }
}))
