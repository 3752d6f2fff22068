// Which gallery tiles are selected, by job id, and the anchor a shift-click extends from.
// The rules follow a file manager: a click selects one, ctrl (or cmd) adds or removes one,
// shift selects the run from the anchor, and ctrl+shift adds that run to what is selected.
import { create } from 'zustand'

export interface Modifiers {
  shift: boolean
  toggle: boolean
}

interface Selection {
  ids: ReadonlySet<string>
  anchor: number | null
}

/**
 * The selection after a click on the tile at `index`. `idAt` names the entry at a position;
 * positions whose page is not cached give undefined and are skipped.
 */
export function nextSelection(prev: Selection, index: number, mods: Modifiers, idAt: (i: number) => string | undefined): Selection {
  const id = idAt(index)
  if (id === undefined) return prev
  if (mods.shift && prev.anchor !== null) {
    const ids = new Set(mods.toggle ? prev.ids : [])
    const [lo, hi] = prev.anchor < index ? [prev.anchor, index] : [index, prev.anchor]
    for (let i = lo; i <= hi; i++) {
      const at = idAt(i)
      if (at !== undefined) ids.add(at)
    }
    // The anchor stays put, so a second shift-click redraws the run from the same start.
    return { ids, anchor: prev.anchor }
  }
  if (mods.toggle) {
    const ids = new Set(prev.ids)
    if (ids.has(id)) ids.delete(id)
    else ids.add(id)
    return { ids, anchor: index }
  }
  return { ids: new Set([id]), anchor: index }
}

interface SelectionState extends Selection {
  click(index: number, mods: Modifiers, idAt: (i: number) => string | undefined): void
  /** Selects these ids (a drag across tiles), added to what is selected when `add`. */
  selectMany(ids: string[], add: boolean): void
  clear(): void
  drop(ids: string[]): void
}

export const useGallerySelection = create<SelectionState>((set) => ({
  ids: new Set<string>(),
  anchor: null,
  click(index, mods, idAt) {
    set((s) => nextSelection(s, index, mods, idAt))
  },
  selectMany(ids, add) {
    set((s) => ({ ids: new Set([...(add ? s.ids : []), ...ids]) }))
  },
  clear() {
    set({ ids: new Set<string>(), anchor: null })
  },
  drop(gone) {
    set((s) => {
      if (!gone.some((id) => s.ids.has(id))) return s
      const ids = new Set(s.ids)
      for (const id of gone) ids.delete(id)
      return { ids }
    })
  }
}))
