// Writes received bytes into the .part file and keeps the sidecar's
// "durable" mark moving, so that after a crash at most one checkpoint's worth
// of bytes is fetched again and nothing unflushed is ever trusted.
import { open, rename } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fsyncDir } from '../fs/atomic-write'
import { hashFileAsWritten } from './file-hasher'
import type { FileHash } from './file-hasher'
import type { PartPaths, PartState } from './part-state'
import { removeIfPresent, savePartState } from './part-state'

export interface CheckpointPolicy {
  /** Checkpoint after this many new bytes. */
  everyBytes?: number
  /** Checkpoint when this long has passed and there is anything new. */
  everyMs?: number
}

// Every 16 MiB: the kernel does not start writing back a fresh file on its
// own for many seconds, so without these flushes a large file's whole
// writeback would land on the final fsync after the download; this way it
// overlaps the download. Every 2 s: a slow download still loses little
// progress to a crash.
const DEFAULT_CHECKPOINT = { everyBytes: 16 << 20, everyMs: 2_000 } as const

// Chunks are gathered into writes of at least this size: each write call
// has a fixed cost on the main thread, and network chunks are small (64 KiB).
const WRITE_BATCH_BYTES = 1 << 20

// Bytes allowed to wait for the disk before the reader is paused. Keeps
// memory flat while letting the next batch gather during a write.
const MAX_QUEUED_BYTES = 4 << 20

// Written bytes between updates to the hash worker.
const HASH_STEP_BYTES = 4 << 20

export class PartWriter {
  private position: number
  private queued: Buffer[] = []
  private queuedBytes = 0
  private flushing: Promise<void> | null = null
  private failure: unknown = null
  private lastCheckpoint: number
  private hashedMark = 0
  private lastCheckpointAt = Date.now()
  private checkpointing: Promise<void> | null = null
  private readonly checkpointBytes: number
  private readonly checkpointIntervalMs: number

  private constructor(
    private readonly paths: PartPaths,
    private readonly state: PartState,
    private readonly handle: FileHandle,
    private readonly hash: FileHash,
    policy: CheckpointPolicy
  ) {
    this.position = state.durable
    this.lastCheckpoint = state.durable
    this.checkpointBytes = policy.everyBytes ?? DEFAULT_CHECKPOINT.everyBytes
    this.checkpointIntervalMs = policy.everyMs ?? DEFAULT_CHECKPOINT.everyMs
  }

  /**
   * Starts a fresh .part (offset 0) or continues one at `state.durable`.
   * The sidecar is written before the part is touched, so a crash in
   * between never pairs new bytes with an old description.
   */
  static async open(paths: PartPaths, state: PartState, policy: CheckpointPolicy = {}): Promise<PartWriter> {
    await savePartState(paths.sidecar, state)
    const handle = await open(paths.part, state.durable === 0 ? 'w' : 'r+')
    try {
      if (state.durable > 0) await handle.truncate(state.durable)
    } catch (err) {
      await handle.close()
      throw err
    }
    // Hashing starts from byte 0, so a resumed prefix is hashed while the rest downloads.
    const hash = hashFileAsWritten(paths.part)
    if (state.durable > 0) hash.advance(state.durable)
    return new PartWriter(paths, state, handle, hash, policy)
  }

  /**
   * Queues a chunk for writing. Returns undefined when the caller may go on
   * at once, or a promise when too much is waiting for the disk (the caller
   * then pauses the network reader). Throws if an earlier write failed.
   */
  append(chunk: Buffer): Promise<void> | undefined {
    if (this.failure !== null) throw this.failure
    this.queued.push(chunk)
    this.queuedBytes += chunk.length
    if (this.queuedBytes >= WRITE_BATCH_BYTES) this.flushing ??= this.flushLoop(false)
    return this.queuedBytes >= MAX_QUEUED_BYTES ? this.drain() : undefined
  }

  /** Writes everything queued, a last partial batch included. */
  async drain(): Promise<void> {
    for (;;) {
      if (this.flushing !== null) await this.flushing
      else if (this.queued.length > 0 && this.failure === null) this.flushing = this.flushLoop(true)
      else break
    }
    if (this.failure !== null) throw this.failure
  }

  // Writes full batches while there are some (or everything, for drain()).
  private async flushLoop(all: boolean): Promise<void> {
    try {
      while (this.queuedBytes >= WRITE_BATCH_BYTES || (all && this.queued.length > 0)) {
        const chunks = this.queued
        const length = this.queuedBytes
        this.queued = []
        this.queuedBytes = 0
        await this.writeAt(chunks, length, this.position)
        this.position += length
        // Each message to the hash worker costs main-thread time; batch them.
        if (this.position - this.hashedMark >= HASH_STEP_BYTES) {
          this.hashedMark = this.position
          this.hash.advance(this.position)
        }
        this.maybeCheckpoint()
      }
    } catch (err) {
      this.failure = err
    } finally {
      this.flushing = null
    }
  }

  // Positioned writes, so a short write is continued exactly where it stopped.
  private async writeAt(chunks: Buffer[], length: number, at: number): Promise<void> {
    let done = 0
    while (done < length) {
      const { bytesWritten } = await this.handle.writev(sliceFrom(chunks, done), at + done)
      done += bytesWritten
    }
  }

  private maybeCheckpoint(): void {
    if (this.checkpointing !== null) return
    const fresh = this.position - this.lastCheckpoint
    if (fresh <= 0) return
    if (fresh < this.checkpointBytes && Date.now() - this.lastCheckpointAt < this.checkpointIntervalMs) return
    this.checkpointing = this.checkpoint(this.position).finally(() => {
      this.checkpointing = null
    })
  }

  // Flushes what is written so far, then records it as durable. Runs beside
  // the writes rather than between them so the stream never stalls on disk.
  private async checkpoint(mark: number): Promise<void> {
    try {
      await this.handle.datasync()
      await savePartState(this.paths.sidecar, { ...this.state, durable: mark })
      this.lastCheckpoint = mark
      this.lastCheckpointAt = Date.now()
    } catch (err) {
      this.failure ??= err
    }
  }

  /** Keeps the part for a later resume: write what is queued, flush, record the length, close. */
  async suspend(): Promise<void> {
    this.hash.cancel()
    try {
      await this.drain().catch(() => undefined)
      await this.checkpointing
      await this.handle.datasync()
      await savePartState(this.paths.sidecar, { ...this.state, durable: this.position })
    } finally {
      await this.handle.close()
    }
  }

  /** Closes without recording anything new; the last checkpoint stays valid. */
  async close(): Promise<void> {
    this.hash.cancel()
    await this.drain().catch(() => undefined)
    await this.checkpointing
    await this.handle.close()
  }

  /** Makes the complete part the destination file, durably; returns its SHA-256. */
  async finish(): Promise<string> {
    let sha256: string
    try {
      await this.drain()
      await this.checkpointing
      if (this.failure !== null) throw this.failure
      ;[sha256] = await Promise.all([this.hash.digest(this.position), this.handle.sync()])
    } catch (err) {
      this.hash.cancel()
      throw err
    } finally {
      await this.handle.close()
    }
    await rename(this.paths.part, this.paths.dest)
    await fsyncDir(dirname(this.paths.dest))
    // A sidecar left behind by a crash here is ignored: no .part goes with it.
    await removeIfPresent(this.paths.sidecar)
    return sha256
  }
}

function sliceFrom(chunks: readonly Buffer[], skip: number): Buffer[] {
  if (skip === 0) return [...chunks]
  const out: Buffer[] = []
  for (const chunk of chunks) {
    if (skip >= chunk.length) {
      skip -= chunk.length
      continue
    }
    out.push(skip > 0 ? chunk.subarray(skip) : chunk)
    skip = 0
  }
  return out
}
