// The caller's LoRAs. Training moves them through statuses without events, so the LoRA
// view polls while any of them is still on its way.
import { create } from 'zustand'
import type { Lora, LoraStatus } from '../../shared/api'
import { call } from '../api/client'

export const SETTLED_LORA_STATUSES: readonly LoraStatus[] = ['READY', 'FAILED', 'ARCHIVED']

interface LorasState {
  items: Lora[]
  loaded: boolean
  error: string | null
  load(): Promise<void>
  upsert(lora: Lora): void
  remove(id: string): void
}

export const useLoras = create<LorasState>((set) => ({
  items: [],
  loaded: false,
  error: null,
  async load() {
    const r = await call('loras.list', {})
    if (r.ok) set({ items: r.data, loaded: true, error: null })
    else set({ loaded: true, error: r.error.message })
  },
  upsert(lora) {
    set((s) => {
      const exists = s.items.some((l) => l.id === lora.id)
      return { items: exists ? s.items.map((l) => (l.id === lora.id ? lora : l)) : [lora, ...s.items] }
    })
  },
  remove(id) {
    set((s) => ({ items: s.items.filter((l) => l.id !== id) }))
  }
}))

export function hasTrainingLoras(items: Lora[]): boolean {
  return items.some((l) => !SETTLED_LORA_STATUSES.includes(l.status))
}
