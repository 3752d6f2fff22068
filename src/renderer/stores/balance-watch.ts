// The team's credits change on the service without this app: a top-up, a colleague's job,
// another device. The engine reports what it spends and gets back (`account.updated`);
// for the rest the page reads the balance again when the window comes back to the user
// and every half minute while it is on screen, so the header, the cost panel and
// Generate's gate never sit on a number the service no longer holds.
import { onEvent } from '../api/client'
import { useApp } from './app'

export const BALANCE_REFRESH_MS = 30_000

function visible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden'
}

/** Starts reading the balance on focus, on becoming visible and on a timer while visible; answers a stop function. */
export function watchBalance(): () => void {
  let timer: ReturnType<typeof setInterval> | null = null
  const reload = () => {
    // A read already on its way answers for this moment too.
    if (!useApp.getState().accountLoading) void useApp.getState().loadAccount()
  }
  const stopTimer = () => {
    if (timer) clearInterval(timer)
    timer = null
  }
  const startTimer = () => {
    stopTimer()
    if (visible()) timer = setInterval(reload, BALANCE_REFRESH_MS)
  }
  const onVisibility = () => {
    if (!visible()) return stopTimer()
    reload()
    startTimer()
  }
  window.addEventListener('focus', reload)
  document.addEventListener('visibilitychange', onVisibility)
  // A job the service refused (too few credits, above all) means the balance shown was wrong.
  const offRejected = onEvent('job.updated', (job) => {
    if (job.submission === 'rejected') reload()
  })
  startTimer()
  return () => {
    stopTimer()
    window.removeEventListener('focus', reload)
    document.removeEventListener('visibilitychange', onVisibility)
    offRejected()
  }
}
