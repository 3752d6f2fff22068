// Which result's actions are open, and on which action: a store, so the result's own
// button, a shortcut pressed on the result and the palette all open the same dialog.
import { create } from 'zustand'

/** An action on a result, by the name the actions' table gives it (components/actions). */
export interface OpenActions {
  jobId: string
  /** The action to show first (its price and model), or null for the whole menu. */
  action: string | null
}

interface ResultActionsState {
  open: OpenActions | null
  show(jobId: string, action: string | null): void
  close(): void
}

export const useResultActions = create<ResultActionsState>((set) => ({
  open: null,
  show: (jobId, action) => set({ open: { jobId, action } }),
  close: () => set({ open: null })
}))
