// The legacy video request being composed, kept across view switches.
import { create } from 'zustand'
import type { LegacyModel } from '../../shared/api'

export interface LegacyDraft {
  model: LegacyModel
  prompt: string
  image_url: string
  first_frame_url: string
  last_frame_url: string
  aspect_ratio: string
  resolution: '480p' | '720p' | '1080p'
  duration: 4 | 8 | 12
  generate_audio: boolean
  touched: Record<string, true>
}

const INITIAL: LegacyDraft = {
  model: 'lv-a',
  prompt: '',
  image_url: '',
  first_frame_url: '',
  last_frame_url: '',
  aspect_ratio: '16:9',
  resolution: '720p',
  duration: 8,
  generate_audio: false,
  touched: {}
}

interface LegacyDraftState {
  draft: LegacyDraft
  set<K extends Exclude<keyof LegacyDraft, 'touched'>>(key: K, value: LegacyDraft[K]): void
  touchAll(): void
}

export const useLegacyDraft = create<LegacyDraftState>((set) => ({
  draft: INITIAL,
  set(key, value) {
    set((s) => {
      const draft = { ...s.draft, [key]: value, touched: { ...s.draft.touched, [key]: true as const } }
      // Keep the choices the new model allows instead of leaving an invalid form behind.
      if (key === 'model') {
        if (value === 'lv-a' && draft.aspect_ratio === 'adaptive') draft.aspect_ratio = '16:9'
        if (value !== 'lv-a' && draft.resolution === '1080p') draft.resolution = '720p'
      }
      return { draft }
    })
  },
  touchAll() {
    set((s) => ({ draft: { ...s.draft, touched: { ...s.draft.touched, '*': true } } }))
  }
}))
