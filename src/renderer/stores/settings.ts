// The app's settings as the engine stores them.
import { create } from 'zustand'
import type { Settings, SettingsPatch } from '../../shared/app/settings'
import type { CallResult } from '../api/client'
import { call } from '../api/client'

interface SettingsState {
  settings: Settings | null
  error: string | null
  load(): Promise<void>
  update(patch: SettingsPatch): Promise<CallResult<'settings.update'>>
}

export const useSettings = create<SettingsState>((set) => ({
  settings: null,
  error: null,
  async load() {
    const r = await call('settings.get', {})
    if (r.ok) set({ settings: r.data, error: null })
    else set({ error: r.error.message })
  },
  async update(patch) {
    const r = await call('settings.update', patch)
    if (r.ok) set({ settings: r.data })
    return r
  }
}))
