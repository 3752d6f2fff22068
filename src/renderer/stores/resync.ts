// Events that fire while the page's event stream is down are gone for good: the browser's
// EventSource reconnects by itself, but nothing replays what it missed. So when the stream
// comes back after a gap, what events keep current has to be read again; without that, a
// tile could say "Saving…" forever about an output saved during the gap.
import type { ConnectionState } from '../api/transport-types'

/** A connection-state handler that calls `readAgain` each time the stream reopens after dropping. */
export function resyncOnReconnect(readAgain: () => Promise<unknown>): (state: ConnectionState) => void {
  let dropped = false
  return (state) => {
    if (state === 'reconnecting') dropped = true
    else if (state === 'open' && dropped) {
      dropped = false
      void readAgain()
    }
  }
}
