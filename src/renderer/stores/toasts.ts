// Short messages for the user: engine `notice` events and the outcome of actions.
import { create } from 'zustand'

export type ToastLevel = 'info' | 'success' | 'warning' | 'error'

export interface Toast {
  id: number
  level: ToastLevel
  message: string
  jobId?: string
}

interface ToastState {
  toasts: Toast[]
  push(level: ToastLevel, message: string, jobId?: string): void
  dismiss(id: number): void
}

// Errors stay longer: they usually need reading, not just noticing.
const LIFETIME_MS: Record<ToastLevel, number> = { info: 5000, success: 4000, warning: 8000, error: 10000 }
const MAX_VISIBLE = 5
let nextId = 1

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(level, message, jobId) {
    const id = nextId++
    const toast: Toast = jobId ? { id, level, message, jobId } : { id, level, message }
    set((s) => ({ toasts: [...s.toasts, toast].slice(-MAX_VISIBLE) }))
    window.setTimeout(() => get().dismiss(id), LIFETIME_MS[level])
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }))
  }
}))

export const toast = {
  info: (message: string, jobId?: string) => useToasts.getState().push('info', message, jobId),
  success: (message: string) => useToasts.getState().push('success', message),
  warning: (message: string) => useToasts.getState().push('warning', message),
  error: (message: string) => useToasts.getState().push('error', message)
}
