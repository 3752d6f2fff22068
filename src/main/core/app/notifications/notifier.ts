// Decides what the app notifies while its window is in the background, for every shell:
// a job that ended (done once its outputs are saved, with a picture of the first), a
// confirmed send of several jobs as one notification when its last job has ended, jobs
// ending within moments of each other as one, and what needs attention. Nothing is said
// while the window has the focus (the page shows it all), nor of a kind the user muted.
import { randomUUID } from 'node:crypto'
import type { AppNotification } from '../../../../shared/app/notifications'
import type { Connection, Settings } from '../../../../shared/app/settings'
import type { JobView } from '../../../../shared/app/views'
import { AttentionWatch } from './attention'
import { compose, type Pending } from './compose'
import { outcomeOf, settledJob } from './job-outcome'
import { SendGroups } from './send-groups'

/** What ends within this long of the first thing to end is said in one notification. */
export const COALESCE_MS = 3000

export interface NotifierOptions {
  /** Shows the notification (the desktop's own, or the page's through the browser). */
  deliver(notification: AppNotification): void
  settings(): Pick<Settings, 'notifications' | 'notificationKinds'>
  /** Whether the window has the focus now; a shell that cannot tell says false, and its page looks itself. */
  focused(): boolean
  /** The library file to show for a job's first output (its thumbnail), if it has one. */
  thumbnailOf(jobId: string): string | null
}

/** One confirmed send, as its route tells the notifier of its jobs. */
export interface SendTracker {
  /** A job of the send went out (it is journaled, whatever the service said). */
  joined(localId: string): void
  /** A job of the send was refused before it went out. */
  refused(): void
  /** Every job of the send has its answer. */
  answered(): void
}

export class Notifier {
  private readonly groups = new SendGroups()
  private readonly attention = new AttentionWatch((a) => this.add(a))
  /**
   * Jobs seen under way: only their end is told, never that of a job that had ended before
   * (a job read again at start, a finished job changed later).
   */
  private readonly underWay = new Set<string>()
  private pending: Pending[] = []
  private window: NodeJS.Timeout | null = null

  constructor(private readonly opts: NotifierOptions) {}

  jobChanged(view: JobView): void {
    this.attention.jobChanged(view)
    // A job made elsewhere (another device, the API) was not sent from here: the gallery says it.
    if (view.origin !== 'app') return
    const outcome = outcomeOf(view)
    if (outcome === null) this.underWay.add(view.localId)
    else if (this.underWay.delete(view.localId)) this.add({ type: 'job', job: settledJob(view, outcome) })
  }

  jobRemoved(localId: string): void {
    this.underWay.delete(localId)
    this.attention.jobRemoved(localId)
  }

  connectionChanged(state: Connection['state']): void {
    this.attention.connectionChanged(state)
  }

  /** A confirmed send of `total` jobs is going out: it ends in one notification. */
  beginSend(total: number): SendTracker {
    const id = this.groups.begin(total)
    return {
      joined: (localId) => this.groups.join(id, localId),
      refused: () => this.groups.refuse(id),
      answered: () => {
        const finished = this.groups.close(id)
        if (finished) this.add({ type: 'send', send: finished })
      }
    }
  }

  /** Another engine took over (demo and live switched): the last one's jobs will not end here. */
  reset(): void {
    this.stop()
    this.groups.clear()
    this.underWay.clear()
    this.attention.reset()
  }

  stop(): void {
    if (this.window) clearTimeout(this.window)
    this.window = null
    this.pending = []
  }

  private add(item: Pending): void {
    this.pending.push(item)
    if (this.window) return
    this.window = setTimeout(() => this.flush(), COALESCE_MS)
    this.window.unref?.()
  }

  private flush(): void {
    this.window = null
    // Counted in their send now, not when they ended: a job can end before its send's
    // route has heard that it went out.
    const items = this.pending.flatMap((p) => this.regroup(p))
    this.pending = []
    const settings = this.opts.settings()
    if (items.length === 0 || !settings.notifications || this.opts.focused()) return
    const composed = compose(items, { kinds: settings.notificationKinds, now: Date.now(), thumbnailOf: (jobId) => this.opts.thumbnailOf(jobId) })
    for (const c of composed) this.opts.deliver({ id: randomUUID(), ...c })
  }

  private regroup(item: Pending): Pending[] {
    if (item.type !== 'job') return [item]
    const grouping = this.groups.settle(item.job)
    if (!grouping.grouped) return [item]
    return grouping.finished ? [{ type: 'send', send: grouping.finished }] : []
  }
}
