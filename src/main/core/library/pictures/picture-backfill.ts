// Fills in what the library knows of its pictures' looks, in the background: every saved
// picture of an entry written before pictures were measured (a library of an earlier
// version) is measured, newest entry first, and every picture not yet compared with the
// rest is compared (pairing). It begins once the check of the library at start has ended,
// shares the cores as that check does (repair/pacer: resting as long as it worked, nine
// times as long while the user is at work), and remembers in the index how far it got,
// so a restart goes on from there. A picture that cannot be decoded is recorded as such
// and never stops the pass; a write that fails (a full disk, the index being rebuilt)
// pauses it, to be tried again a little later. New pictures come measured (the saver and
// the importer measure them); the pass only wakes to compare them. Before all that, it fills
// the tables "Find similar" and the colour swatches read when they were made anew.
import type { LookProgress } from '../../../../shared/app/library-pictures'
import { FILL_ROWS_KEY } from '../index/picture-schema'
import type { Library } from '../library'
import { slicePacer, type Pace, type PacerOptions } from '../repair/pacer'
import { measureLooks, type MeasureLook } from './measure-looks'
import { pairPictures } from './pairing'

export interface BackfillOptions extends PacerOptions {
  /** Resolves when the check of the library at start has ended; the pass begins after it. */
  checked?: () => Promise<unknown>
  measure?: MeasureLook
  /** Told how far the pass has got: when its state changes, and at most once a second meanwhile. */
  progress?: (p: LookProgress) => void
  /** How long the pass waits after a failed write before it tries again. */
  retryMs?: number
}

/** In the index's `meta`: the key before which every entry was looked at, or `done`. */
export const WALK_KEY = 'pictures.walk'
const DONE = 'done'
/** Entries read from the index at a time, and pictures compared at a time. */
const CHUNK = 100
const PAIR_BATCH = 100
const PROGRESS_EVERY_MS = 1000
/** Entries whose rows are put at a time into a table being filled again (about 10 ms). */
const CHUNK_FILL_KEYS = 200

export class PictureBackfill {
  #state: LookProgress['state'] = 'waiting'
  #counts = { checked: 0, total: 0, measured: 0, unreadable: 0 }
  #stopped = false
  #running: Promise<void> | null = null
  #wake: (() => void) | null = null
  #lastSent = Number.NEGATIVE_INFINITY
  readonly #now: () => number

  constructor(private readonly library: Library, private readonly opts: BackfillOptions = {}) {
    this.#now = opts.now ?? (() => performance.now())
  }

  /** Begins the pass (once the check at start has ended); a second call does nothing. */
  start(): void {
    this.#running ??= this.run()
  }

  /** Something changed in the library: a resting pass looks for pictures to compare. */
  nudge(): void {
    const wake = this.#wake
    this.#wake = null
    wake?.()
  }

  /** Stops the pass after the step under way (a picture being measured is finished and recorded). */
  async stop(): Promise<void> {
    this.#stopped = true
    this.nudge()
    await this.#running
  }

  progress(): LookProgress {
    let unpaired = 0
    try {
      unpaired = this.library.index.pictures.unpairedCount()
    } catch {
      // The index is being rebuilt: nothing to count yet.
    }
    return { state: this.#state, ...this.#counts, unpaired }
  }

  private send(force: boolean): void {
    if (!this.opts.progress || (!force && this.#now() - this.#lastSent < PROGRESS_EVERY_MS)) return
    this.#lastSent = this.#now()
    this.opts.progress(this.progress())
  }

  private setState(state: LookProgress['state']): void {
    if (this.#state === state) return
    this.#state = state
    this.send(true)
  }

  private async run(): Promise<void> {
    await this.opts.checked?.().catch(() => undefined)
    const pace = slicePacer(this.opts)
    while (!this.#stopped) {
      try {
        if (await this.step(pace)) continue
        this.setState('done')
        await this.rest(null)
      } catch {
        // A write refused (a full disk), or the index replaced under the pass: later.
        if (!this.#stopped) await this.rest(this.opts.retryMs ?? 60_000)
      }
    }
  }

  /** Waits until nudged (or stopped), or `ms` at most. */
  private rest(ms: number | null): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.#stopped) return resolve()
      const timer = ms === null ? null : setTimeout(() => this.nudge(), ms)
      timer?.unref?.()
      this.#wake = () => {
        if (timer) clearTimeout(timer)
        resolve()
      }
    })
  }

  /** One step of the pass: pictures compared, or a chunk of entries looked at; false when nothing is left. */
  private async step(pace: Pace): Promise<boolean> {
    const pictures = this.library.index.pictures
    if (!pictures.available) return false
    // The tables "Find similar", the colour swatches and the favourites' colours read, being
    // filled again (index/picture-chunks, index/colour-swatches, index/favourite-colours).
    if (pictures.fillChunks(CHUNK_FILL_KEYS) || pictures.fillSwatches(CHUNK_FILL_KEYS) || pictures.fillFavouriteColours(CHUNK_FILL_KEYS)) {
      await pace()
      return true
    }
    if ((await pairPictures(pictures, PAIR_BATCH, pace)) > 0) return true
    const cursor = pictures.meta(WALK_KEY)
    if (cursor === DONE) return false
    if (this.#state !== 'running') {
      this.#counts = { checked: 0, total: this.library.size(), measured: 0, unreadable: 0 }
      this.setState('running')
    }
    const chunk = pictures.walk(cursor === null ? Number.MAX_SAFE_INTEGER : Number(cursor), CHUNK)
    if (chunk.length === 0) {
      pictures.setMeta(FILL_ROWS_KEY, null)
      pictures.setMeta(WALK_KEY, DONE)
      return true
    }
    // Entries indexed before the picture tables existed get their rows (their lineage, say) now.
    if (pictures.rowsToFill) pictures.refreshRows(chunk.map((e) => e.seq))
    for (const e of chunk) {
      if (this.#stopped) return true
      if (e.needsLook) {
        const m = await measureLooks(this.library, e.id, this.opts.measure)
        this.#counts.measured += m.measured
        this.#counts.unreadable += m.unreadable
      }
      this.#counts.checked++
      this.send(false)
      await pace()
    }
    pictures.setMeta(WALK_KEY, String(chunk.at(-1)!.seq))
    return true
  }
}
