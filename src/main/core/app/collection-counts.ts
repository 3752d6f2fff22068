// Tells the page when smart collections' counts may have changed: an entry saved,
// changed, tagged, removed or restored. One event for a burst of changes (an import of a
// folder changes thousands), at most one per COUNTS_QUIET_MS; the page asks for the
// counts again then, never polling for them.
import type { AppEvents } from './app-events'

export const COUNTS_QUIET_MS = 500

export class CollectionCounts {
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly events: AppEvents, private readonly quietMs = COUNTS_QUIET_MS) {}

  /** The library changed: the event goes out once the burst it belongs to has gone quiet for a moment. */
  changed(): void {
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.events.emit({ name: 'smartCollections.countsChanged', payload: {} })
    }, this.quietMs)
    this.timer.unref?.()
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
