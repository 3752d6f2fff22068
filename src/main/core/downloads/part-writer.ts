// Writes received bytes into the .part file and keeps the sidecar's
// "durable" mark moving, so that after a crash at most one checkpoint's worth
// of bytes is fetched again and nothing unflushed is ever trusted.
//
// Writes go to the page cache synchronously, on the thread that received the
// bytes. Handing each write to the thread pool instead costs two thread
// wake-ups per write, which on a virtual machine cost more CPU than the copy
// itself: a 200 MB loopback download (no hashing) used 410-640 ms of CPU with
// thread-pool writes against 270-330 ms with these. A page-cache write does
// not wait for the disk; only flushes do, and those (the checkpoints) stay
// asynchronous. What is written but not yet flushed is bounded (see
// maxUnflushedBytes), so the kernel has no reason to throttle the writer.
import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fsyncDir } from '../fs/atomic-write'
import type { DownloadFs } from './download-fs'
import { realDownloadFs } from './download-fs'
import { DownloadError } from './errors'
import { hashFileAsWritten } from './file-hasher'
import type { FileHash } from './file-hasher'
import type { PartPaths, PartState } from './part-state'
import { removeIfPresent } from '../fs/remove-if-present'
import { savePartState } from './part-state'

export interface CheckpointPolicy {
  /** Checkpoint after this many new bytes. */
  everyBytes?: number
  /** Checkpoint when this long has passed and there is anything new. */
  everyMs?: number
  /** Written but unflushed bytes past which the reader waits for the checkpoint under way. */
  maxUnflushedBytes?: number
}

// Every 16 MiB: the kernel does not start writing back a fresh file on its
// own for many seconds, so without these flushes a large file's whole
// writeback would land on the final fsync after the download; this way it
// overlaps the download. Every 2 s: a slow download still loses little
// progress to a crash.
// At 48 MiB written but not yet flushed the reader waits for the checkpoint
// under way: a disk slower than the network then slows the download instead
// of filling memory with dirty pages.
const DEFAULT_CHECKPOINT = { everyBytes: 16 << 20, everyMs: 2_000, maxUnflushedBytes: 48 << 20 } as const

// Every write is of this size (the last one may be shorter). For a larger
// write the kernel fills larger page-cache folios, and on virtual machines
// that hand freed memory back to the host those come from memory the host
// has to fault in again: after a few idle seconds, 1 MiB writes ran at
// 0.4-0.9 GB/s against 3-3.5 GB/s for 64 KiB ones, and whole downloads went
// faster with 64 KiB writes than with 128-512 KiB ones. Network chunks are
// at most 64 KiB, so this is about one write per chunk (curl writes 4-12 KiB
// at a time).
const WRITE_BATCH_BYTES = 64 << 10

// Written bytes between updates to the hash worker.
const HASH_STEP_BYTES = 4 << 20

export class PartWriter {
  private position: number
  private batch: Buffer[] = []
  private batchBytes = 0
  private failure: unknown = null
  private lastCheckpoint: number
  private hashedMark = 0
  private lastCheckpointAt = Date.now()
  private checkpointing: Promise<void> | null = null
  private readonly checkpointBytes: number
  private readonly checkpointIntervalMs: number
  private readonly maxUnflushedBytes: number

  private constructor(
    private readonly paths: PartPaths,
    private readonly state: PartState,
    private readonly handle: FileHandle,
    private readonly hash: FileHash,
    policy: CheckpointPolicy,
    private readonly fs: DownloadFs
  ) {
    this.position = state.durable
    this.lastCheckpoint = state.durable
    this.checkpointBytes = policy.everyBytes ?? DEFAULT_CHECKPOINT.everyBytes
    this.checkpointIntervalMs = policy.everyMs ?? DEFAULT_CHECKPOINT.everyMs
    this.maxUnflushedBytes = policy.maxUnflushedBytes ?? DEFAULT_CHECKPOINT.maxUnflushedBytes
  }

  /**
   * Starts a fresh .part (offset 0) or continues one at `state.durable`.
   * The sidecar is written before the part is touched, so a crash in
   * between never pairs new bytes with an old description.
   */
  static async open(paths: PartPaths, state: PartState, policy: CheckpointPolicy = {}, fs: DownloadFs = realDownloadFs): Promise<PartWriter> {
    await savePartState(paths.sidecar, state)
    const handle = await fs.open(paths.part, state.durable === 0 ? 'w' : 'r+')
    try {
      if (state.durable > 0) await handle.truncate(state.durable)
    } catch (err) {
      await handle.close()
      throw err
    }
    // Hashing starts from byte 0, so a resumed prefix is hashed while the rest downloads.
    const hash = hashFileAsWritten(paths.part)
    if (state.durable > 0) hash.advance(state.durable)
    return new PartWriter(paths, state, handle, hash, policy, fs)
  }

  /**
   * Takes a chunk, writing a batch when one is full. Returns undefined when
   * the caller may go on at once, or a promise when too much is waiting to be
   * flushed (the caller then pauses the network reader). Throws if a write
   * failed, now or earlier.
   */
  append(chunk: Buffer): Promise<void> | undefined {
    if (this.failure !== null) throw this.failure
    this.batch.push(chunk)
    this.batchBytes += chunk.length
    if (this.batchBytes >= WRITE_BATCH_BYTES) this.writeBatches(false)
    const flushing = this.checkpointing
    if (flushing === null || this.position - this.lastCheckpoint < this.maxUnflushedBytes) return undefined
    return flushing.then(() => {
      if (this.failure !== null) throw this.failure
    })
  }

  /** Writes everything taken so far, a last partial batch included. */
  flush(): void {
    if (this.failure !== null) throw this.failure
    this.writeBatches(true)
  }

  // Writes full batches while there are some (or everything, for flush()).
  private writeBatches(all: boolean): void {
    try {
      while (this.batchBytes >= WRITE_BATCH_BYTES || (all && this.batchBytes > 0)) {
        const { chunks, length } = this.takeBatch()
        this.writeAt(chunks, length, this.position)
        this.position += length
        // Each message to the hash worker costs a thread wake-up; batch them.
        if (this.position - this.hashedMark >= HASH_STEP_BYTES) {
          this.hashedMark = this.position
          this.hash.advance(this.position)
        }
        this.maybeCheckpoint()
      }
    } catch (err) {
      this.failure = err
      throw err
    }
  }

  // Takes up to one batch from the front of what was received, splitting a
  // chunk that straddles the batch's end.
  private takeBatch(): { chunks: Buffer[]; length: number } {
    const chunks: Buffer[] = []
    let length = 0
    while (length < WRITE_BATCH_BYTES && this.batch.length > 0) {
      const chunk = this.batch[0] as Buffer
      const room = WRITE_BATCH_BYTES - length
      if (chunk.length <= room) {
        this.batch.shift()
        chunks.push(chunk)
        length += chunk.length
      } else {
        chunks.push(chunk.subarray(0, room))
        this.batch[0] = chunk.subarray(room)
        length += room
      }
    }
    this.batchBytes -= length
    return { chunks, length }
  }

  // Positioned writes, so a short write is continued exactly where it stopped.
  private writeAt(chunks: Buffer[], length: number, at: number): void {
    let done = 0
    while (done < length) done += this.fs.writev(this.handle.fd, sliceFrom(chunks, done), at + done)
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
  // The mark itself is not flushed: it is written only after the bytes it
  // covers are, so whichever mark survives a crash is safe, and losing the
  // newest costs a refetch of those bytes, not three more disk flushes for
  // every checkpoint.
  private async checkpoint(mark: number): Promise<void> {
    try {
      await this.fs.sync(this.handle, 'data')
      await savePartState(this.paths.sidecar, { ...this.state, durable: mark }, false)
      this.lastCheckpoint = mark
      this.lastCheckpointAt = Date.now()
    } catch (err) {
      this.failure ??= err
    }
  }

  // Writes what is left without letting a write error stop the caller: used
  // on the way out, where the last checkpoint still describes a safe prefix.
  private flushQuietly(): void {
    try {
      this.flush()
    } catch {
      // Recorded in this.failure; the position covers only whole writes.
    }
  }

  /** Keeps the part for a later resume: write what is left, flush, record the length, close. */
  async suspend(): Promise<void> {
    this.hash.cancel()
    try {
      this.flushQuietly()
      await this.checkpointing
      // A failed write leaves `position` at the end of the last whole write,
      // but a failed flush means nothing past the last checkpoint is known to
      // be on disk: the sidecar then keeps its older mark.
      if (this.failure !== null) return
      await this.fs.sync(this.handle, 'data')
      await savePartState(this.paths.sidecar, { ...this.state, durable: this.position })
    } finally {
      await this.handle.close()
    }
  }

  /** Closes without recording anything new; the last checkpoint stays valid. */
  async close(): Promise<void> {
    this.hash.cancel()
    this.flushQuietly()
    await this.checkpointing
    await this.handle.close()
  }

  /**
   * Makes the complete part the destination file, durably; returns its
   * SHA-256, computed over the whole file as it is on disk. When the server
   * announced the file's digest and the bytes differ, the part is useless:
   * it fails with 'verification' and the caller starts over from byte 0.
   */
  async finish(): Promise<string> {
    let sha256: string
    try {
      this.flush()
      await this.checkpointing
      if (this.failure !== null) throw this.failure
      ;[sha256] = await Promise.all([this.hash.digest(this.position), this.fs.sync(this.handle, 'full')])
    } catch (err) {
      this.hash.cancel()
      throw err
    } finally {
      await this.handle.close()
    }
    const expected = this.state.sha256
    if (expected !== undefined && expected !== sha256) {
      throw new DownloadError('verification', `the file's SHA-256 is ${sha256}, but the server announced ${expected}`, { retryable: true })
    }
    await this.fs.rename(this.paths.part, this.paths.dest)
    await fsyncDir(dirname(this.paths.dest))
    // A sidecar left behind by a crash here is ignored: no .part goes with it.
    await removeIfPresent(this.paths.sidecar)
    return sha256
  }
}

function sliceFrom(chunks: Buffer[], skip: number): Buffer[] {
  if (skip === 0) return chunks
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
