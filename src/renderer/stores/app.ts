// What the app is connected to, in one place: the engine's own info (demo or live, whether
// a key is set, where the library is), the account behind the key with the team's credits,
// and the settings as the engine stores them.
import { create } from 'zustand'
import type { Account } from '../../shared/app/account'
import type { AppInfo, Settings, SettingsPatch } from '../../shared/app/settings'
import type { AppError } from '../../shared/contract'
import type { CallResult } from '../api/client'
import { call } from '../api/client'

interface AppState {
  info: AppInfo | null
  infoError: AppError | null
  /** The account behind the key (its user and team). */
  me: Account | null
  /** The team's balance: the account's, or newer when the engine reported one since. */
  credits: number | null
  accountLoading: boolean
  accountError: string | null
  settings: Settings | null
  settingsError: string | null
  loadInfo(): Promise<boolean>
  setInfo(info: AppInfo): void
  loadAccount(): Promise<void>
  setCredits(credits: number | null): void
  loadSettings(): Promise<void>
  updateSettings(patch: SettingsPatch): Promise<CallResult<'settings.update'>>
}

// Bumped by every `account.updated`: a load that was already on its way when the engine
// reported a newer balance must not put the older one back.
let creditsVersion = 0

export const useApp = create<AppState>((set) => ({
  info: null,
  infoError: null,
  me: null,
  credits: null,
  accountLoading: false,
  accountError: null,
  settings: null,
  settingsError: null,
  async loadInfo() {
    const r = await call('app.info', {})
    if (r.ok) set({ info: r.data, infoError: null })
    else set({ infoError: r.error })
    return r.ok
  },
  setInfo(info) {
    set({ info, infoError: null })
  },
  async loadAccount() {
    const version = creditsVersion
    set({ accountLoading: true })
    const r = await call('account.get', {})
    if (r.ok) {
      const fresh = version === creditsVersion
      set((s) => ({ me: r.data, credits: fresh ? (r.data.team?.credits ?? null) : s.credits, accountLoading: false, accountError: null }))
    }
    // A failed load must not leave another account's balance on screen (after a key change).
    else set({ me: null, credits: null, accountLoading: false, accountError: r.error.message })
  },
  setCredits(credits) {
    creditsVersion += 1
    set({ credits })
  },
  async loadSettings() {
    const r = await call('settings.get', {})
    if (r.ok) set({ settings: r.data, settingsError: null })
    else set({ settingsError: r.error.message })
  },
  async updateSettings(patch) {
    const r = await call('settings.update', patch)
    if (r.ok) set({ settings: r.data })
    return r
  }
}))
