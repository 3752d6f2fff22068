// How a pass over the whole library shares the process and the cores with the app: it
// lets the app answer what came in (a page of the gallery, a click) every so often, and
// after each slice of work it rests, as long as it worked (half a core), or nine times as
// long while the user is at work (a tenth of a core), so that a scroll through the gallery
// is not drawn on a core the pass is also using.

/** The pass works this long at most before it rests. */
export const SLICE_MS = 5
/** Rest per slice, in slices, while the user is at work. */
export const REST_AT_WORK = 9
/** The longest rest: a pass that met a very slow step still goes on within seconds. */
export const MAX_REST_MS = 5_000

export interface PacerOptions {
  /** True while the user is using the app. */
  userAtWork?: () => boolean
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

export type Pace = () => Promise<void>

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A pace for one pass: await it between steps of the pass. */
export function slicePacer(opts: PacerOptions = {}): Pace {
  const now = opts.now ?? (() => performance.now())
  const sleep = opts.sleep ?? sleepFor
  let sliceStarted = now()
  return async () => {
    const worked = now() - sliceStarted
    if (worked < SLICE_MS) return nextTurn()
    // A step can take far longer than a slice (stats of folders the disk must read again
    // after a restart): the rest follows what was worked, or the share would not hold.
    await sleep(Math.min(MAX_REST_MS, opts.userAtWork?.() ? worked * REST_AT_WORK : worked))
    sliceStarted = now()
  }
}
