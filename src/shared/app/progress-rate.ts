// How fast a job moves and when it will likely end, from the progress it reported over
// time. The page's "time left" and the engine's poll schedule both read these functions,
// so that when the page expects a job to end and when the engine looks for its end agree.
// Times are epoch milliseconds; progress is the service's 0..100.

/** The readings kept of one running job. */
export interface ProgressReadings {
  /** Where the current run of progress starts: a moment and the progress then. */
  firstAt: number
  firstProgress: number
  /** The last time progress changed, and its value. */
  lastAt: number
  lastProgress: number
}

/**
 * When a silence is a stall: longer than `minMs`, and longer than the time the job's own
 * rate needs for `points` percentage points (a slow job is quiet for longer between steps).
 */
export interface StallRule {
  minMs: number
  points: number
}

export const STALL_RULE: StallRule = { minMs: 6000, points: 3 }

/**
 * Percentage points per millisecond, or null while there is no rate yet. With a single
 * reading, the job's submission counts as 0%: every job starts there.
 */
export function progressRate(r: ProgressReadings, createdAt: number): number | null {
  const moved = r.lastProgress > r.firstProgress
  const fromAt = moved ? r.firstAt : createdAt
  const fromProgress = moved ? r.firstProgress : 0
  const took = r.lastAt - fromAt
  const gained = r.lastProgress - fromProgress
  return took > 0 && gained > 0 ? gained / took : null
}

/** The moment the job reaches 100% at its rate, or null while there is no rate. */
export function expectedEndAt(r: ProgressReadings, createdAt: number): number | null {
  const rate = progressRate(r, createdAt)
  return rate === null ? null : r.lastAt + Math.max(0, 100 - r.lastProgress) / rate
}

/** Milliseconds left at the job's rate, floored at zero ("any moment now"); null without a rate. */
export function remainingMs(r: ProgressReadings, createdAt: number, now: number): number | null {
  const end = expectedEndAt(r, createdAt)
  return end === null ? null : Math.max(0, end - now)
}

/** How long a silence must last to be a stall, at this rate. */
function stallAfterMs(rate: number | null, rule: StallRule): number {
  return Math.max(rule.minMs, rate === null ? 0 : rule.points / rate)
}

/**
 * How long the job has been stalled: the part of its silence since the last change that
 * is longer than its rate explains (see StallRule); 0 while it is not stalled.
 */
export function stalledForMs(r: ProgressReadings, createdAt: number, now: number, rule: StallRule = STALL_RULE): number {
  return Math.max(0, now - r.lastAt - stallAfterMs(progressRate(r, createdAt), rule))
}

/**
 * The readings after seeing `progress` at `now`. Answers `prev` itself when progress did
 * not change. A change that comes after a stall does not let the stall slow the rate: the
 * time the job's rate does not explain is cut out (the run's start moves forward by it),
 * so a job held for minutes and then let go is not expected to take minutes more. Progress
 * that went back starts the readings afresh.
 */
export function noteReading(
  prev: ProgressReadings | undefined,
  progress: number,
  now: number,
  createdAt: number,
  rule: StallRule = STALL_RULE
): ProgressReadings {
  if (!prev || progress < prev.lastProgress) return { firstAt: now, firstProgress: progress, lastAt: now, lastProgress: progress }
  if (progress === prev.lastProgress) return prev
  const rate = progressRate(prev, createdAt)
  if (rate !== null) {
    const explained = (progress - prev.lastProgress) / rate
    const unexplained = now - prev.lastAt - explained
    // More than the rate explains, by a stall's length and by more than the change took:
    // an early rate is rough, and a job a little slower than it is not a stalled one.
    if (unexplained > stallAfterMs(rate, rule) && unexplained > explained) {
      return { firstAt: prev.firstAt + unexplained, firstProgress: prev.firstProgress, lastAt: now, lastProgress: progress }
    }
  }
  return { ...prev, lastAt: now, lastProgress: progress }
}
