// How Create sends: whether the seed is kept for the next runs, and how many jobs one
// Generate makes (× N). Kept across restarts with the drafts (saved.ts).
import { z } from 'zod'
import { create } from 'zustand'
import { readSaved, writeSaved } from './saved'

export const MAX_BATCH = 16

const savedOptions = z.object({ seedLocked: z.boolean(), batch: z.number().int().min(1).max(MAX_BATCH) })
type SavedOptions = z.infer<typeof savedOptions>
const SAVED_KEY = 'create-options'

interface CreateOptionsState extends SavedOptions {
  setSeedLocked(locked: boolean): void
  setBatch(n: number): void
}

const defaults: SavedOptions = { seedLocked: false, batch: 1 }

export const useCreateOptions = create<CreateOptionsState>((set) => ({
  ...defaults,
  ...readSaved(SAVED_KEY, savedOptions),
  setSeedLocked: (seedLocked) => set({ seedLocked }),
  setBatch: (n) => set({ batch: Math.max(1, Math.min(MAX_BATCH, Math.round(n) || 1)) })
}))

useCreateOptions.subscribe((s, prev) => {
  if (s.seedLocked !== prev.seedLocked || s.batch !== prev.batch) writeSaved(SAVED_KEY, { seedLocked: s.seedLocked, batch: s.batch })
})
