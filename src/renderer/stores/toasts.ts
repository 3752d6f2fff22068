// Short messages for the user: engine `notice` events and the outcome of actions.
import { create } from 'zustand'

export type ToastLevel = 'info' | 'success' | 'warning' | 'error'

export interface ToastAction {
  label: string
  run: () => void
}

export interface Toast {
  id: number
  level: ToastLevel
  message: string
  jobId?: string
  /** A button beside the message (e.g. Undo); it dismisses the toast when pressed. */
  action?: ToastAction
}

interface ToastState {
  toasts: Toast[]
  push(level: ToastLevel, message: string, jobId?: string, action?: ToastAction, lifetimeMs?: number): void
  dismiss(id: number): void
}

// Errors stay longer: they usually need reading, not just noticing.
const LIFETIME_MS: Record<ToastLevel, number> = { info: 5000, success: 4000, warning: 8000, error: 10000 }
const MAX_VISIBLE = 5
let nextId = 1

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(level, message, jobId, action, lifetimeMs) {
    const id = nextId++
    const toast: Toast = { id, level, message, ...(jobId ? { jobId } : {}), ...(action ? { action } : {}) }
    set((s) => ({ toasts: [...s.toasts, toast].slice(-MAX_VISIBLE) }))
    window.setTimeout(() => get().dismiss(id), lifetimeMs ?? LIFETIME_MS[level])
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }))
  }
}))

export const toast = {
  info: (message: string, jobId?: string) => useToasts.getState().push('info', message, jobId),
  success: (message: string) => useToasts.getState().push('success', message),
  warning: (message: string) => useToasts.getState().push('warning', message),
  error: (message: string) => useToasts.getState().push('error', message),
  /** An info toast with an action button, shown for `lifetimeMs` (an undo window). */
  withAction: (message: string, action: ToastAction, lifetimeMs: number) => useToasts.getState().push('info', message, undefined, action, lifetimeMs)
}
