// Ctrl+C (and SIGTERM) as a cancel of the work under way, for `import`, run here or by the
// process holding the data folder.
import { EXIT } from './exit-codes'

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const

/**
 * Runs `work` with Ctrl+C and SIGTERM turned into a cancel of it; a second one ends the
 * process at once (safe too: the next import finishes what was under way). Other
 * listeners are set aside meanwhile: the folder lock's exit hook re-raises any signal it
 * thinks nobody else handles, which would end the process before the files under way are
 * done (the lock is released in any case, by the caller or by the hook at exit).
 */
export async function cancellable<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController()
  const onSignal = () => (stop.signal.aborted ? process.exit(EXIT.interrupted) : stop.abort())
  const others = STOP_SIGNALS.map((s) => process.listeners(s))
  for (const s of STOP_SIGNALS) {
    process.removeAllListeners(s)
    process.on(s, onSignal)
  }
  try {
    return await work(stop.signal)
  } finally {
    STOP_SIGNALS.forEach((s, i) => {
      process.off(s, onSignal)
      for (const listener of others[i]!) process.on(s, listener)
    })
  }
}
