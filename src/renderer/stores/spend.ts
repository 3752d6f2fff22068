// The Spend view's figures, for my jobs or the team's, as main adds them up.
import { create } from 'zustand'
import type { SpendScope, SpendSummary } from '../../shared/app/spend'
import { call } from '../api/client'

interface SpendState {
  scope: SpendScope
  summary: SpendSummary | null
  loading: boolean
  error: string | null
  load(scope?: SpendScope): Promise<void>
}

// A slower answer for a scope the user has since left must not replace the newer one.
let latest = 0

export const useSpend = create<SpendState>((set, get) => ({
  scope: 'mine',
  summary: null,
  loading: false,
  error: null,
  async load(scope = get().scope) {
    const ticket = ++latest
    set({ scope, loading: true, error: null })
    const r = await call('spend.summary', { scope })
    if (ticket !== latest) return
    if (r.ok) set({ summary: r.data, loading: false })
    else set({ summary: null, loading: false, error: r.error.message })
  }
}))
