// What the engine says about itself: demo or live, whether a key is set, where the library is.
import { create } from 'zustand'
import type { AppInfo } from '../../shared/app/settings'
import type { AppError } from '../../shared/contract'
import { call } from '../api/client'

interface AppInfoState {
  info: AppInfo | null
  error: AppError | null
  load(): Promise<boolean>
  set(info: AppInfo): void
}

export const useAppInfo = create<AppInfoState>((set) => ({
  info: null,
  error: null,
  async load() {
    const r = await call('app.info', {})
    if (r.ok) set({ info: r.data, error: null })
    else set({ error: r.error })
    return r.ok
  },
  set(info) {
    set({ info, error: null })
  }
}))
