// Quitting waits for the engine to close (journal flushed, listeners stopped), but never
// forever: after a few seconds the app quits anyway, since everything the engine writes is
// crash-safe and resumes on the next start.
import { app } from 'electron'

const CLOSE_TIMEOUT_MS = 5000

export interface QuitGuard {
  /**
   * Closes the engine now, ahead of a quit someone else starts (an update's installer):
   * the quit that follows then goes through at once.
   */
  closeFirst(): Promise<void>
}

export function installQuitGuard(close: () => Promise<void>): QuitGuard {
  let state: 'running' | 'closing' | 'closed' = 'running'
  let closing: Promise<void> | null = null
  const closeOnce = () => {
    if (closing) return closing
    state = 'closing'
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS))
    closing = Promise.race([close(), timeout])
      .catch((err: unknown) => console.error(`Closing the engine failed: ${String(err)}`))
      .finally(() => {
        state = 'closed'
      })
    return closing
  }
  let quitAsked = false
  app.on('before-quit', (event) => {
    if (state === 'closed') return
    event.preventDefault()
    if (quitAsked) return
    quitAsked = true
    void closeOnce().then(() => app.quit())
  })
  return { closeFirst: closeOnce }
}
