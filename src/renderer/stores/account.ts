// The team's credits (and who the key belongs to), refreshed by `account.updated` events.
import { create } from 'zustand'
import type { Account } from '../../shared/app/account'
import { call } from '../api/client'

interface AccountState {
  me: Account | null
  credits: number | null
  loading: boolean
  error: string | null
  load(): Promise<void>
  setCredits(credits: number | null): void
}

// Bumped by every `account.updated`: a load that was already on its way when the engine
// reported a newer balance must not put the older one back.
let creditsVersion = 0

export const useAccount = create<AccountState>((set) => ({
  me: null,
  credits: null,
  loading: false,
  error: null,
  async load() {
    const version = creditsVersion
    set({ loading: true })
    const r = await call('account.get', {})
    if (r.ok) {
      const fresh = version === creditsVersion
      set((s) => ({ me: r.data, credits: fresh ? (r.data.team?.credits ?? null) : s.credits, loading: false, error: null }))
    }
    // A failed load must not leave another account's balance on screen (after a key change).
    else set({ me: null, credits: null, loading: false, error: r.error.message })
  },
  setCredits(credits) {
    creditsVersion += 1
    set({ credits })
  }
}))
