// Saves the service's state to one JSON file so that a restart with the same data
// directory finds its jobs, keys, LoRAs, uploads and credits. A write goes to a temp
// file, is fsynced, renamed over the old file and the folder fsynced, so a crash leaves
// either the old state or the new one. Changes are coalesced (debounced) into one write;
// `flush()` lets a request wait until its change is on disk before it answers.
import { mkdir, readFile } from 'node:fs/promises'
import { writeWholeFile } from './write-whole'
import { join } from 'node:path'
import type { Snapshot } from './types'

const FILE = 'state.json'

export async function loadSnapshot(dir: string): Promise<Snapshot | null> {
  let text: string
  try {
    text = await readFile(join(dir, FILE), 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  const parsed = JSON.parse(text) as Snapshot
  if (parsed.version !== 1) throw new Error(`Unsupported state version in ${join(dir, FILE)}`)
  return parsed
}

export class StateWriter {
  private timer: NodeJS.Timeout | null = null
  private dirty = false
  private writing: Promise<void> = Promise.resolve()
  private waiters: Array<{ resolve: () => void; reject: (err: unknown) => void }> = []
  private closed = false

  /** `dir` null keeps state in memory only (no data directory). */
  constructor(
    private readonly dir: string | null,
    private readonly snapshot: () => Snapshot,
    private readonly debounceMs = 100,
    private readonly onError: (err: unknown) => void = () => undefined
  ) {}

  async init(): Promise<void> {
    if (this.dir) await mkdir(this.dir, { recursive: true })
  }

  /** Marks the state changed; it is written shortly. */
  changed(): void {
    if (!this.dir || this.closed) return
    this.dirty = true
    this.timer ??= setTimeout(() => this.writeNow(), this.debounceMs)
  }

  /** Resolves once every change made before the call is on disk. */
  flush(): Promise<void> {
    if (!this.dir || this.closed) return Promise.resolve()
    this.dirty = true
    // Someone waits: write on the next turn (still coalescing requests of the same turn).
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => this.writeNow(), 0)
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }))
  }

  private writeNow(): void {
    this.timer = null
    if (!this.dirty || !this.dir) return
    this.dirty = false
    const waiters = this.waiters
    this.waiters = []
    // Serialise at write time: the snapshot includes everything changed until now.
    const data = JSON.stringify(this.snapshot())
    const dir = this.dir
    this.writing = this.writing
      .then(() => writeWholeFile(join(dir, FILE), data))
      .then(
        () => waiters.forEach((w) => w.resolve()),
        (err: unknown) => {
          this.onError(err)
          waiters.forEach((w) => w.reject(err))
        }
      )
  }

  /** Writes what is pending and stops accepting changes. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.dirty) this.writeNow()
    this.closed = true
    await this.writing.catch(() => undefined)
  }
}
