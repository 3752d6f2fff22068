// Whether the model palette is open. A store rather than component state: Ctrl/Cmd+K
// from any view and the button beside the model picker both open it.
import { create } from 'zustand'

interface PaletteState {
  open: boolean
  setOpen(open: boolean): void
}

export const usePalette = create<PaletteState>((set) => ({
  open: false,
  setOpen(open) {
    set({ open })
  }
}))
