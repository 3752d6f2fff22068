// Turns what ended, or needs attention, within one short window into the notifications
// to show: at most one for the jobs (a job alone, one send, or a burst), and one per
// cause of attention. The kinds the user muted are left out here.
import type { AppNotification, NotificationKind, NotificationKinds, NotificationTarget } from '../../../../shared/app/notifications'
import type { Outcome, SettledJob } from './job-outcome'
import { countsText, NOTIFICATION_TEXT as T } from './notification-text'
import type { FinishedSend } from './send-groups'

/** Something that happened, waiting for the window to close. */
export type Pending =
  | { type: 'job'; job: SettledJob }
  | { type: 'send'; send: FinishedSend }
  | { type: 'purge'; localId: string; purgeAt: number }
  | { type: 'disk-full' }
  | { type: 'key-rejected' }

export type Composed = Omit<AppNotification, 'id'>
type Ended = Extract<Pending, { type: 'job' | 'send' }>

export interface ComposeContext {
  kinds: NotificationKinds
  now: number
  /** The library file to show for a job's first output (its thumbnail), if it has one. */
  thumbnailOf(jobId: string): string | null
}

const KIND_OF: Record<Outcome, NotificationKind | null> = { done: 'done', failed: 'failed', lost: 'failed', cancelled: null }

export function compose(items: readonly Pending[], ctx: ComposeContext): Composed[] {
  const ended = items.filter((p): p is Ended => p.type === 'job' || p.type === 'send').filter((p) => wanted(p, ctx.kinds))
  const out: Composed[] = []
  const jobs = endedNotification(ended, ctx)
  if (jobs) out.push(jobs)
  if (!ctx.kinds.attention) return out
  const purges = items.filter((p) => p.type === 'purge')
  if (purges.length > 0) {
    const first = Math.min(...purges.map((p) => p.purgeAt))
    out.push(attention(T.purge.title, T.purge.body(new Set(purges.map((p) => p.localId)).size, first - ctx.now), 'queue'))
  }
  if (items.some((p) => p.type === 'disk-full')) out.push(attention(T.diskFull.title, T.diskFull.body, 'queue'))
  if (items.some((p) => p.type === 'key-rejected')) out.push(attention(T.keyRejected.title, T.keyRejected.body, 'settings'))
  return out
}

/** Whether anything in it is of a kind the user wants to hear of (a cancel never is: they did it). */
function wanted(item: Ended, kinds: NotificationKinds): boolean {
  const outcomes = item.type === 'job' ? [item.job.outcome] : [...item.send.settled.map((j) => j.outcome), ...(item.send.refused > 0 ? (['failed'] as const) : [])]
  return outcomes.some((o) => {
    const kind = KIND_OF[o]
    return kind !== null && kinds[kind]
  })
}

function endedNotification(items: readonly Ended[], ctx: ComposeContext): Composed | null {
  if (items.length === 0) return null
  const only = items.length === 1 ? items[0]! : null
  if (only?.type === 'job') return oneJob(only.job, ctx)
  const jobs = items.flatMap((p) => (p.type === 'job' ? [p.job] : p.send.settled))
  const refused = items.reduce((n, p) => n + (p.type === 'send' ? p.send.refused : 0), 0)
  const total = items.reduce((n, p) => n + (p.type === 'send' ? p.send.total : 1), 0)
  const counts = {
    done: jobs.filter((j) => j.outcome === 'done').length,
    failed: jobs.filter((j) => j.outcome === 'failed' || j.outcome === 'lost').length + refused,
    cancelled: jobs.filter((j) => j.outcome === 'cancelled').length
  }
  const firstDone = jobs.find((j) => j.outcome === 'done' && j.jobId)
  return {
    kind: counts.failed > 0 ? 'failed' : 'done',
    title: only ? T.send.title(total) : T.burst.title(total),
    body: counts.done === total ? T.allDone(counts.done, total) : countsText(counts),
    image: firstDone?.jobId ? ctx.thumbnailOf(firstDone.jobId) : null,
    open: firstDone?.jobId ? { view: 'gallery', jobId: firstDone.jobId } : { view: 'queue', jobId: null }
  }
}

function oneJob(job: SettledJob, ctx: ComposeContext): Composed {
  switch (job.outcome) {
    case 'done':
      return {
        kind: 'done',
        title: T.done.title,
        body: T.done.body(job.model, job.prompt),
        image: job.jobId ? ctx.thumbnailOf(job.jobId) : null,
        open: job.jobId ? { view: 'gallery', jobId: job.jobId } : { view: 'queue', jobId: null }
      }
    case 'lost':
      return { kind: 'failed', title: T.lost.title, body: T.lost.body(job.model), image: null, open: { view: 'queue', jobId: null } }
    default:
      return { kind: 'failed', title: T.failed.title, body: T.failed.body(job.model, job.error), image: null, open: { view: 'queue', jobId: null } }
  }
}

function attention(title: string, body: string, view: NotificationTarget['view']): Composed {
  return { kind: 'attention', title, body, image: null, open: { view, jobId: null } }
}
