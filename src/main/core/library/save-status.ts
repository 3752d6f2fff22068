// What is waiting to be saved, and why. Every output that failed an attempt
// is listed here until it is saved (or the service says it is gone), grouped
// by cause so the user gets one notice per cause ("Disk full: 12 outputs are
// waiting…") instead of one per file, with the countdown to the first purge.
import type { DownloadError } from '../downloads/errors'
import { countdownText } from '../i18n/countdown-text'
import { tm } from '../i18n/main-i18n'
import { message, renderNotice, type NoticeText } from '../i18n/notice-text'

export type WaitCause = 'disk_full' | 'disk' | 'network' | 'service' | 'verification'

export interface WaitingOutput {
  taskId: string
  jobId: string
  index: number
  cause: WaitCause
  /** The last failure, in words. */
  reason: string
  /** When the CDN is expected to purge the output (ms since the epoch). */
  purgeAt: number
  attempts: number
}

export interface WaitingGroup {
  cause: WaitCause
  count: number
  firstPurgeAt: number
  /** One example failure, for the log and the details view. */
  reason: string
}

/** A cause's title, in main's language. */
function causeTitle(cause: WaitCause): string {
  return tm(`main:saving.cause.${cause}`)
}

export function causeOf(error: DownloadError): WaitCause {
  switch (error.code) {
    case 'disk_full': return 'disk_full'
    case 'io': return 'disk'
    case 'verification': return 'verification'
    case 'http_status':
    case 'bad_type':
      return 'service'
    default:
      return 'network'
  }
}

export function describeGroup(group: WaitingGroup, now: number): NoticeText {
  const left = group.firstPurgeAt - now
  const values = { cause: causeTitle(group.cause), count: group.count }
  return left > 0 ? message('main:saving.waiting', { ...values, countdown: countdownText(left) }) : message('main:saving.waitingOverdue', values)
}

export interface SaveStatusEvents {
  /** A cause appeared (warning) or cleared (info). */
  notice: (level: 'info' | 'warning', text: NoticeText) => void
  /** The waiting state of a job's outputs changed. */
  changed: (jobId: string) => void
}

export class SaveStatus {
  private readonly waiting = new Map<string, WaitingOutput>()

  constructor(private readonly events: SaveStatusEvents, private readonly now: () => number = Date.now) {}

  note(task: { id: string; deadline: number }, jobId: string, index: number, error: DownloadError): void {
    const cause = causeOf(error)
    const before = this.count(cause)
    const previous = this.waiting.get(task.id)
    this.waiting.set(task.id, { taskId: task.id, jobId, index, cause, reason: error.message, purgeAt: task.deadline, attempts: (previous?.attempts ?? 0) + 1 })
    if (before === 0) {
      const group = this.groups().find((g) => g.cause === cause)
      if (group) this.events.notice('warning', describeGroup(group, this.now()))
    }
    this.events.changed(jobId)
  }

  clear(taskId: string): void {
    const gone = this.waiting.get(taskId)
    if (!gone) return
    this.waiting.delete(taskId)
    if (this.count(gone.cause) === 0) {
      this.events.notice('info', message('main:saving.resolved', { cause: causeTitle(gone.cause) }))
    }
    this.events.changed(gone.jobId)
  }

  size(): number {
    return this.waiting.size
  }

  private count(cause: WaitCause): number {
    let n = 0
    for (const w of this.waiting.values()) if (w.cause === cause) n++
    return n
  }

  groups(): WaitingGroup[] {
    const byCause = new Map<WaitCause, WaitingGroup>()
    for (const w of this.waiting.values()) {
      const g = byCause.get(w.cause)
      if (!g) byCause.set(w.cause, { cause: w.cause, count: 1, firstPurgeAt: w.purgeAt, reason: w.reason })
      else {
        g.count++
        g.firstPurgeAt = Math.min(g.firstPurgeAt, w.purgeAt)
      }
    }
    return [...byCause.values()].sort((a, b) => a.firstPurgeAt - b.firstPurgeAt)
  }

  /** One line per cause, for the command line and the log. */
  describe(): string[] {
    const now = this.now()
    return this.groups().map((g) => renderNotice(describeGroup(g, now)))
  }

  forJob(jobId: string): WaitingOutput[] {
    return [...this.waiting.values()].filter((w) => w.jobId === jobId)
  }
}
