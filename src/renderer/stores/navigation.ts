// Which view is showing. The app has a handful of top-level views and no deep links, so a
// store is all the routing it needs. The view is kept across restarts (saved.ts).
import { z } from 'zod'
import { create } from 'zustand'
import { readSaved, writeSaved } from './saved'

export const VIEWS = ['create', 'queue', 'gallery', 'tools', 'loras', 'legacy', 'spend', 'settings'] as const
export type View = (typeof VIEWS)[number]

/** A view's name, as the sidebar shows it: `t(VIEW_LABEL_KEYS[view])`. */
export const VIEW_LABEL_KEYS = {
  create: 'shell:views.create',
  queue: 'shell:views.queue',
  gallery: 'shell:views.gallery',
  tools: 'shell:views.tools',
  loras: 'shell:views.loras',
  legacy: 'shell:views.legacy',
  spend: 'shell:views.spend',
  settings: 'shell:views.settings'
} as const satisfies Record<View, string>

interface NavigationState {
  view: View
  /** Bumped to ask the gallery to focus its search box (the `/` shortcut). */
  searchFocusRequest: number
  /** The job whose item the gallery should open in its viewer (Create's "Open in gallery"). */
  galleryItem: string | null
  go(view: View): void
  focusGallerySearch(): void
  openInGallery(jobId: string): void
  /** The gallery has taken the request (opened the item or said why not). */
  galleryItemHandled(): void
}

const SAVED_KEY = 'view'

export const useNavigation = create<NavigationState>((set) => ({
  view: readSaved(SAVED_KEY, z.enum(VIEWS)) ?? 'create',
  searchFocusRequest: 0,
  galleryItem: null,
  go(view) {
    set({ view })
    writeSaved(SAVED_KEY, view)
  },
  focusGallerySearch() {
    set((s) => ({ view: 'gallery', searchFocusRequest: s.searchFocusRequest + 1 }))
    writeSaved(SAVED_KEY, 'gallery')
  },
  openInGallery(jobId) {
    set({ view: 'gallery', galleryItem: jobId })
    writeSaved(SAVED_KEY, 'gallery')
  },
  galleryItemHandled() {
    set({ galleryItem: null })
  }
}))
