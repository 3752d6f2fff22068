// Quitting waits for the engine to close (journal flushed, listeners stopped), but never
// forever: after a few seconds the app quits anyway, since everything the engine writes is
// crash-safe and resumes on the next start.
import { app } from 'electron'

const CLOSE_TIMEOUT_MS = 5000

export function installQuitGuard(close: () => Promise<void>): void {
  let state: 'running' | 'closing' | 'closed' = 'running'
  app.on('before-quit', (event) => {
    if (state === 'closed') return
    event.preventDefault()
    if (state === 'closing') return
    state = 'closing'
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS))
    Promise.race([close(), timeout])
      .catch((err: unknown) => console.error(`Closing the engine failed: ${String(err)}`))
      .finally(() => {
        state = 'closed'
        app.quit()
      })
  })
}
