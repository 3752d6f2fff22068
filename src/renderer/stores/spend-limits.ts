// The spending limits and what this app's jobs used of them today and this month, as main
// counts them (main holds every send to them; the page only shows them), and the question
// main has the page ask before a send above the ask-first threshold.
import { create } from 'zustand'
import type { SpendStanding } from '../../shared/app/spend-limits'
import type { RouteInput, RouteName } from '../../shared/contract'
import { call, type CallResult } from '../api/client'
import { t } from '../i18n/page-i18n'

interface Question {
  message: string
  answer(yes: boolean): void
}

interface SpendLimitsState {
  standing: SpendStanding | null
  error: string | null
  load(): Promise<void>
  /** Asked one at a time; the first waits on screen, the rest after it. */
  questions: Question[]
  /** Shows `message` and resolves with the user's answer: true to send. */
  ask(message: string): Promise<boolean>
  /** Answers the question on screen. */
  answer(yes: boolean): void
}

// A slower answer must not replace a newer one.
let latest = 0

export const useSpendLimits = create<SpendLimitsState>((set, get) => ({
  standing: null,
  error: null,
  async load() {
    const ticket = ++latest
    const r = await call('limits.get', {})
    if (ticket !== latest) return
    if (r.ok) set({ standing: r.data, error: null })
    else set({ error: r.error.message })
  },
  questions: [],
  ask(message) {
    return new Promise<boolean>((resolve) => set((s) => ({ questions: [...s.questions, { message, answer: resolve }] })))
  },
  answer(yes) {
    const [first, ...rest] = get().questions
    if (!first) return
    set({ questions: rest })
    first.answer(yes)
  }
}))

/** The routes that send jobs, each taking `spendConfirmed`. */
type SendRoute = Extract<RouteName, 'jobs.submit' | 'jobs.submitConfirmed' | 'jobs.retry' | 'legacy.submit'>

const NOT_SENT = (): string => t('messages:spend.declined')

/**
 * A send that costs credits, through `call`. When main answers that it costs more than the
 * ask-first threshold (`ask_first`: nothing was sent), the user is asked in main's words,
 * and only a yes sends it again, confirmed; a no is answered as a refusal saying so.
 */
export async function callAskingFirst<R extends SendRoute>(route: R, input: RouteInput<R>): Promise<CallResult<R>> {
  const first = await call(route, input)
  if (first.ok || first.error.code !== 'ask_first') return first
  const yes = await useSpendLimits.getState().ask(first.error.message)
  if (!yes) return { ok: false, error: { code: 'ask_first', message: NOT_SENT() } }
  return call(route, { ...input, spendConfirmed: true })
}
