// When the app looks for a new version by itself: once at start, then once a day while it
// runs. Time is read from the wall clock at an hourly tick rather than from one 24-hour
// timer, since a timer's clock stands still while the computer sleeps: a laptop opened
// each morning would otherwise wait days. A check that got no answer (offline, the server
// down) leaves the day's check due, so the next tick tries again.

export const CHECK_EVERY_MS = 24 * 60 * 60 * 1000
export const TICK_MS = 60 * 60 * 1000

/** Whether a check is due, given when the last one got an answer (null: none yet). */
export function checkIsDue(lastAnsweredAt: number | null, now: number, everyMs = CHECK_EVERY_MS): boolean {
  if (lastAnsweredAt === null) return true
  // A clock set back by more than the interval would otherwise hold checks off for that long.
  return now - lastAnsweredAt >= everyMs || now < lastAnsweredAt
}

export interface UpdateScheduleOptions {
  /** Read at every tick, so turning the setting on or off takes effect by the next one. */
  enabled(): boolean
  /** When the last check got an answer; null when none has. */
  lastAnsweredAt(): number | null
  check(): void
  now?: () => number
  tickMs?: number
  everyMs?: number
}

/** Starts the schedule (the first tick runs now); returns a function that stops it. */
export function startUpdateSchedule(opts: UpdateScheduleOptions): () => void {
  const now = opts.now ?? Date.now
  const tick = () => {
    if (opts.enabled() && checkIsDue(opts.lastAnsweredAt(), now(), opts.everyMs)) opts.check()
  }
  tick()
  const timer = setInterval(tick, opts.tickMs ?? TICK_MS)
  // The schedule alone never keeps the process alive.
  timer.unref()
  return () => clearInterval(timer)
}
