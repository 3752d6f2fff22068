// The webhooks' state for Settings, read on request, and the last self-check's answer.
import { create } from 'zustand'
import type { WebhookCheck, WebhookHealth } from '../../shared/app/webhook-health'
import { call } from '../api/client'

interface WebhookHealthState {
  health: WebhookHealth | null
  error: string | null
  check: WebhookCheck | null
  checking: boolean
  refresh(): Promise<void>
  runCheck(): Promise<void>
}

export const useWebhookHealth = create<WebhookHealthState>((set, get) => ({
  health: null,
  error: null,
  check: null,
  checking: false,
  async refresh() {
    const r = await call('webhooks.health', {})
    if (r.ok) set({ health: r.data, error: null })
    else set({ error: r.error.message })
  },
  async runCheck() {
    set({ checking: true })
    const r = await call('webhooks.check', {})
    set({ checking: false, check: r.ok ? r.data : { ok: false, message: r.error.message, ms: null } })
    await get().refresh()
  }
}))
