// What needs the user's attention while they are away: a job's outputs that are still
// not saved when the service is about to purge them, a full disk keeping outputs from
// being saved, and the service refusing the API key. Each is said once per occurrence:
// once per job for a purge, once until the disk has room again, once per refusal.
import type { Connection } from '../../../../shared/app/settings'
import type { JobView } from '../../../../shared/app/views'

/** How long before an unsaved output's purge the user is told: time enough to free space or reconnect. */
export const PURGE_SOON_MS = 60 * 60_000
const MAX_DELAY_MS = 24 * 3600_000

export type Attention = { type: 'purge'; localId: string; purgeAt: number } | { type: 'disk-full' } | { type: 'key-rejected' }

export class AttentionWatch {
  /** Jobs whose outputs wait, by local id: when the first is purged. */
  private readonly waiting = new Map<string, number>()
  private readonly timers = new Map<string, NodeJS.Timeout>()
  /** Jobs already told of (until their outputs are saved). */
  private readonly warned = new Set<string>()
  /** Jobs waiting for room on a full disk; the first one of a spell is told of. */
  private readonly diskFull = new Set<string>()
  private connection: Connection['state'] | null = null

  constructor(private readonly raise: (a: Attention) => void) {}

  jobChanged(view: JobView): void {
    this.watchDisk(view)
    const waiting = view.saveWaiting ? Date.parse(view.saveWaiting.purgeAt) : NaN
    if (!Number.isFinite(waiting)) return this.forget(view.localId)
    // A purge moved (the retention was changed): its look is planned again.
    if (this.waiting.get(view.localId) !== waiting) this.stopTimer(view.localId)
    this.waiting.set(view.localId, waiting)
    if (!this.warned.has(view.localId)) this.checkPurge(view.localId)
  }

  jobRemoved(localId: string): void {
    this.diskFull.delete(localId)
    this.forget(localId)
  }

  connectionChanged(state: Connection['state']): void {
    const before = this.connection
    this.connection = state
    if (state === 'rejected' && before !== 'rejected') this.raise({ type: 'key-rejected' })
  }

  reset(): void {
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
    this.waiting.clear()
    this.warned.clear()
    this.diskFull.clear()
  }

  private watchDisk(view: JobView): void {
    if (view.saveWaiting?.diskFull) {
      if (this.diskFull.size === 0) this.raise({ type: 'disk-full' })
      this.diskFull.add(view.localId)
    } else this.diskFull.delete(view.localId)
  }

  /** Told now if the purge is near, else looked at again when it will be. */
  private checkPurge(localId: string): void {
    const purgeAt = this.waiting.get(localId)
    if (purgeAt === undefined || this.warned.has(localId)) return
    const until = purgeAt - PURGE_SOON_MS - Date.now()
    if (until <= 0) {
      this.warned.add(localId)
      this.raise({ type: 'purge', localId, purgeAt })
      return
    }
    if (this.timers.has(localId)) return
    // A timer's delay is capped (about 24.8 days) by the runtime, past which it fires at once.
    const timer = setTimeout(() => {
      this.timers.delete(localId)
      this.checkPurge(localId)
    }, Math.min(until, MAX_DELAY_MS))
    timer.unref?.()
    this.timers.set(localId, timer)
  }

  private forget(localId: string): void {
    this.waiting.delete(localId)
    this.warned.delete(localId)
    this.stopTimer(localId)
  }

  private stopTimer(localId: string): void {
    const timer = this.timers.get(localId)
    if (timer) clearTimeout(timer)
    this.timers.delete(localId)
  }
}
