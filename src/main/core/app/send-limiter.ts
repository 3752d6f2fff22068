// Main's own count of the jobs the page sends: at most MAX_JOBS_PER_MINUTE in any 60
// seconds. A send that would go past it is refused whole, before any of it is journaled,
// with when to try again; a confirmation is never sent in part.
import { MAX_JOBS_PER_MINUTE } from '../../../shared/app/send-caps'
import { AppFailure } from './app-errors'

const WINDOW_MS = 60_000

function refusal(cap: number, count: number, inWindow: number, waitS: number): string {
  return count === 1
    ? `Not sent: the app sends at most ${cap} jobs a minute, and ${inWindow} went in the last minute. Nothing was sent; try again in ${waitS} s.`
    : `Not sent: the app sends at most ${cap} jobs a minute; ${inWindow} went in the last minute, and these ${count} would make ${inWindow + count}. Nothing was sent; try again in ${waitS} s.`
}

export class SendLimiter {
  /** Sends of the last minute, oldest first: when, and how many jobs. */
  private sent: { at: number; count: number }[] = []

  constructor(
    private readonly cap = MAX_JOBS_PER_MINUTE,
    private readonly now: () => number = Date.now
  ) {}

  /** Counts `count` jobs as sent now, or throws a `rate_limited` AppFailure and counts nothing. */
  take(count: number): void {
    const now = this.now()
    while (this.sent.length > 0 && this.sent[0]!.at <= now - WINDOW_MS) this.sent.shift()
    const inWindow = this.sent.reduce((n, s) => n + s.count, 0)
    if (inWindow + count > this.cap) throw new AppFailure('rate_limited', refusal(this.cap, count, inWindow, this.secondsUntilRoom(now, inWindow + count - this.cap)))
    this.sent.push({ at: now, count })
  }

  /** Seconds until enough of the window's sends have aged out to free `needed` places. */
  private secondsUntilRoom(now: number, needed: number): number {
    let freed = 0
    for (const s of this.sent) {
      freed += s.count
      if (freed >= needed) return Math.max(1, Math.ceil((s.at + WINDOW_MS - now) / 1000))
    }
    // More than the whole cap at once: never sendable (a confirmation holds far fewer).
    return Math.ceil(WINDOW_MS / 1000)
  }
}
