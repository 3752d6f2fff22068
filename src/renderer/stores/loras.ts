// The caller's LoRAs, each with the timeline of statuses main has seen. Training moves them
// through statuses without events, so while any is on its way the list is read again every
// few seconds, and more often while the LoRA view is open (`watchClosely`). Also the
// training images picked in the gallery, waiting for the LoRA form to take them.
import { create } from 'zustand'
import type { LoraStatus } from '../../shared/api'
import type { LoraView } from '../../shared/app/lora-timeline'
import { call } from '../api/client'

export const SETTLED_LORA_STATUSES: readonly LoraStatus[] = ['READY', 'FAILED', 'ARCHIVED']

const POLL_MS = 5000
const CLOSE_POLL_MS = 1500

/** A library output picked as a training image: what main reads, and what the form shows. */
export interface LibraryPick {
  jobId: string
  index: number
  /** Library-relative paths for the preview. */
  path: string
  thumbnail: string | null
  label: string
}

interface LorasState {
  items: LoraView[]
  loaded: boolean
  error: string | null
  /** How many views want the list kept fresh more often than the app does by itself. */
  closeWatchers: number
  /** Gallery outputs waiting in the form as training images. */
  picks: LibraryPick[]
  /** The matrix run of the latest "Try it", shown in the LoRA view. */
  tryRunId: string | null
  load(): Promise<void>
  upsert(lora: LoraView): void
  remove(id: string): void
  /** Polls faster until the returned function is called (the LoRA view while open). */
  watchClosely(): () => void
  /** Adds gallery outputs to the form's training images, skipping ones already there. */
  addPicks(picks: LibraryPick[]): void
  setPicks(picks: LibraryPick[]): void
  showTry(runId: string | null): void
}

let timer: ReturnType<typeof setTimeout> | null = null

export const useLoras = create<LorasState>((set, get) => {
  const schedule = () => {
    if (timer) clearTimeout(timer)
    timer = null
    if (!hasTrainingLoras(get().items)) return
    timer = setTimeout(() => void get().load(), get().closeWatchers > 0 ? CLOSE_POLL_MS : POLL_MS)
  }
  return {
    items: [],
    loaded: false,
    error: null,
    closeWatchers: 0,
    picks: [],
    tryRunId: null,
    async load() {
      const r = await call('loras.list', {})
      if (r.ok) set({ items: r.data, loaded: true, error: null })
      else set({ loaded: true, error: r.error.message })
      schedule()
    },
    upsert(lora) {
      set((s) => {
        const exists = s.items.some((l) => l.id === lora.id)
        // A rename answers the service's LoRA alone: the timeline already known stays.
        return { items: exists ? s.items.map((l) => (l.id === lora.id ? { ...lora, timeline: lora.timeline ?? l.timeline } : l)) : [lora, ...s.items] }
      })
      schedule()
    },
    remove(id) {
      set((s) => ({ items: s.items.filter((l) => l.id !== id) }))
    },
    watchClosely() {
      set((s) => ({ closeWatchers: s.closeWatchers + 1 }))
      schedule()
      return () => set((s) => ({ closeWatchers: Math.max(0, s.closeWatchers - 1) }))
    },
    addPicks(picks) {
      set((s) => {
        const key = (p: LibraryPick) => `${p.jobId}:${p.index}`
        const seen = new Set(s.picks.map(key))
        return { picks: [...s.picks, ...picks.filter((p) => !seen.has(key(p)))] }
      })
    },
    setPicks(picks) {
      set({ picks })
    },
    showTry(runId) {
      set({ tryRunId: runId })
    }
  }
})

export function hasTrainingLoras(items: readonly LoraView[]): boolean {
  return items.some((l) => !SETTLED_LORA_STATUSES.includes(l.status))
}
