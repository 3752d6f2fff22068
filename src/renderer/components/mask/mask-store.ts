// The mask being painted over the edit tool's image, shared by the painter and by the
// submit that uploads it. It belongs to one image: a new image starts a new mask.
import { create } from 'zustand'
import { EMPTY_HISTORY, record, redo, undo, type MaskHistory, type MaskOp } from './mask-history'

interface MaskState {
  /** The image URL the strokes were painted on. */
  imageUrl: string | null
  history: MaskHistory
  /** Counts every change, so an upload can tell whether it is still the current mask. */
  revision: number
  /** The last painted mask uploaded: its revision and its URL. */
  uploaded: { imageUrl: string; revision: number; url: string } | null
  forImage(url: string | null): void
  apply(op: MaskOp): void
  undo(): void
  redo(): void
  setUploaded(u: { imageUrl: string; revision: number; url: string }): void
}

export const useMask = create<MaskState>((set, get) => {
  const change = (next: (h: MaskHistory) => MaskHistory) => {
    const h = get().history
    const after = next(h)
    if (after !== h) set((s) => ({ history: after, revision: s.revision + 1 }))
  }
  return {
    imageUrl: null,
    history: EMPTY_HISTORY,
    revision: 0,
    uploaded: null,
    forImage(url) {
      if (get().imageUrl === url) return
      set((s) => ({ imageUrl: url, history: EMPTY_HISTORY, revision: s.revision + 1 }))
    },
    apply: (op) => change((h) => record(h, op)),
    undo: () => change(undo),
    redo: () => change(redo),
    setUploaded: (uploaded) => set({ uploaded })
  }
})
