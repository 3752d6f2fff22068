// Fills the curation tables (see curation-tables) of an index made before them: every
// entry's origin, tool, file hashes and tags, read from the entries the index already
// holds, a chunk at a time in key order, behind the open app. Each chunk is one
// transaction that also records how far the fill has got, so a fill cut short (the app
// closed, the index rebuilt) carries on from there at the next open. Entries written
// meanwhile get their rows as they are written; the fill leaves those rows as they are.
import type { LibraryEntry } from '../../../../shared/app/views'
import type { IndexDb } from './index-db'
import type { EntryExtras } from './entry-extras'
import { FILL_KEY, FILLED } from './curation-tables'

/** Entries per chunk: a few milliseconds of work, so the app answers between chunks. */
const CHUNK = 400

export class SourcesFill {
  /** The last key filled; null once every entry is. */
  #after: number | null

  constructor(private readonly db: IndexDb, private readonly extras: EntryExtras) {
    const value = extras.enabled ? (db.prepare('SELECT value FROM meta WHERE key = ?').get(FILL_KEY)?.value as string | undefined) : undefined
    // No mark at all: the tables could not be made (see EntryExtras' `enabled`), nothing to fill into.
    this.#after = value === undefined || value === FILLED ? null : Number(value)
  }

  /** True once every entry has its rows. */
  get done(): boolean {
    return this.#after === null
  }

  /** The last key whose rows are known to be in; entries above it may lack them until the fill reaches them. */
  get filledTo(): number {
    return this.#after ?? Number.MAX_SAFE_INTEGER
  }

  /** Fills one chunk as one transaction; false once nothing is left. */
  step(chunk = CHUNK): boolean {
    if (this.#after === null) return false
    const after = this.#after
    const rows = this.db.prepare('SELECT seq, entry FROM entries WHERE seq > ? ORDER BY seq LIMIT ?').all(after, chunk)
    const last = rows.length < chunk ? null : (rows.at(-1)!.seq as number)
    this.db.transaction(() => {
      for (const r of rows) this.extras.fill(r.seq as number, JSON.parse(r.entry as string) as LibraryEntry)
      this.db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(last === null ? FILLED : String(last), FILL_KEY)
    })
    this.#after = last
    return last !== null
  }
}

const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs the fill behind the app: a chunk, then a rest as long as the chunk took (half a
 * core at most), until it is done or `stopped`. Any failure (the index closed, found
 * damaged, a full disk) ends it quietly: the next open carries on.
 */
export async function fillBehind(fill: SourcesFill, stopped: () => boolean): Promise<void> {
  await rest(0)
  while (!stopped()) {
    const started = performance.now()
    try {
      if (!fill.step()) return
    } catch {
      return
    }
    await rest(Math.max(1, performance.now() - started))
  }
}
