// A durable id → record store over an append-only JSON-lines file.
//
// Every change appends one checksummed line (see line-codec) and is fsync'd
// before the promise resolves, so a caller that awaits put() knows the record
// survives a crash or power cut: the job journal relies on this to write a
// submission before sending it. The file is replayed on open (last write wins,
// tombstones delete, damaged lines are skipped and counted) and rewritten as a
// snapshot when dead lines make up more than half of it. Nothing unreadable is
// ever thrown away (see unreadable.ts): records that fail validation are
// carried into each snapshot, damaged lines are moved to a side file.
//
// Records are copied through JSON on put, so what get() returns is exactly
// what a reopen would load; treat returned records as read-only.
//
// The log and every file it writes are readable by the user only (0600), and a
// folder it creates by the user only (0700): the job journal holds prompts and
// requests, the LoRA timelines what was trained.
import { dirname } from 'node:path'
import { open, rename } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { fsyncDir, removeIfPresent, writeFully } from './durable-fs'
import { encodeDelete, encodePut } from './line-codec'
import { checkRecord } from './log-loader'
import type { LoadResult, Slot, Validate } from './log-loader'
import { readLogForAppend } from './log-opening'
import { compactionTempPath, saveDamaged, writeSnapshot } from './snapshot'
import type { Unreadable } from './unreadable'
import { WriteQueue } from './write-queue'

export type FsyncMode = 'always' | 'batch'

export interface RecordLogOptions<T> {
  /** Checks (and may migrate) each record read from disk or put; null rejects it. */
  validate?: (value: unknown) => T | null
  /**
   * 'always': each change gets its own write + fsync. 'batch': changes that
   * arrive while a write is in flight share the next write + fsync (group
   * commit). Either way put() resolves only once its line is on disk.
   */
  fsync?: FsyncMode
  /** Compaction waits until at least this many bytes are dead (default 1 MiB). */
  compactMinWaste?: number
}

export interface RecordLogStats {
  records: number
  /** Size of the file, including dead lines. */
  fileBytes: number
  /** Bytes of the lines holding live records (and unreadable ones carried along). */
  liveBytes: number
  /** Damaged lines skipped while loading. */
  corrupt: number
  /** Lines skipped while loading because validation rejected them. */
  invalid: number
  /** Bytes of an unfinished last line cut off while loading. */
  tornBytes: number
  compactions: number
}

const DEFAULT_MIN_WASTE = 1024 * 1024

export class RecordLog<T extends { id: string }> {
  private readonly queue: WriteQueue
  private readonly slots: Map<string, Slot<T>>
  private readonly unreadable: Unreadable
  private readonly loadStats: Pick<RecordLogStats, 'corrupt' | 'invalid' | 'tornBytes'>
  private fileBytes: number
  /** Bytes of the lines of the records in `slots`. */
  private slotBytes = 0
  private compactions = 0
  private closed = false

  private constructor(
    private readonly filePath: string,
    private appender: FileHandle,
    loaded: LoadResult<T>,
    private readonly validate: Validate<T> | undefined,
    private readonly minWaste: number,
    mode: FsyncMode
  ) {
    this.slots = loaded.slots
    this.unreadable = loaded.unreadable
    this.loadStats = { corrupt: loaded.corrupt, invalid: loaded.invalid, tornBytes: loaded.tornBytes }
    this.fileBytes = loaded.goodBytes
    for (const slot of this.slots.values()) this.slotBytes += slot.bytes
    this.queue = new WriteQueue(mode, {
      append: (data) => this.append(data),
      afterCommit: () => this.compactIfWasteful(),
      compact: () => this.rewrite(),
      recover: () => this.recover()
    })
  }

  static async open<T extends { id: string }>(filePath: string, options: RecordLogOptions<T> = {}): Promise<RecordLog<T>> {
    const loaded = await readLogForAppend<T>(filePath, options.validate)
    const appender = await open(filePath, 'a')
    const log = new RecordLog<T>(
      filePath,
      appender,
      loaded,
      options.validate,
      options.compactMinWaste ?? DEFAULT_MIN_WASTE,
      options.fsync ?? 'always'
    )
    try {
      await log.compactIfWasteful()
    } catch {
      // The log is complete without compaction (e.g. the disk is full); the
      // next commit tries again.
    }
    return log
  }

  get size(): number {
    return this.slots.size
  }

  get(id: string): T | undefined {
    return this.slots.get(id)?.record
  }

  has(id: string): boolean {
    return this.slots.has(id)
  }

  /** Every live record, in the order each id was first written. */
  all(): T[] {
    const out: T[] = new Array<T>(this.slots.size)
    let i = 0
    for (const slot of this.slots.values()) out[i++] = slot.record
    return out
  }

  *values(): IterableIterator<T> {
    for (const slot of this.slots.values()) yield slot.record
  }

  /**
   * Stores a record, replacing any with the same id; resolves once it is on
   * disk. Until then get() still returns the previous version. Rejects (and
   * writes nothing) when the record would not load back: not JSON-safe, or
   * refused by `validate`.
   */
  async put(record: T): Promise<void> {
    this.assertOpen()
    const json = JSON.stringify(record)
    const copy = json === undefined ? null : checkRecord<T>(JSON.parse(json), this.validate)
    if (copy === null) throw new TypeError('record-log: the record has no string id or failed validation')
    if (copy.id === '') throw new TypeError('record-log: the record id is empty')
    const line = encodePut(json)
    await this.queue.write(line, () => this.applyPut(copy, line.length))
  }

  /** Deletes a record (a tombstone line); resolves once that is on disk. */
  async delete(id: string): Promise<void> {
    this.assertOpen()
    await this.queue.write(encodeDelete(id), () => this.applyDelete(id))
  }

  /** Resolves when every change issued so far is on disk. */
  flush(): Promise<void> {
    return this.queue.barrier()
  }

  /** Rewrites the file to hold only live records. */
  compact(): Promise<void> {
    this.assertOpen()
    return this.queue.compact()
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    try {
      await this.queue.barrier()
    } catch {
      // The queue has failed; the writers affected were already told.
    } finally {
      await this.appender.close()
    }
  }

  stats(): RecordLogStats {
    return {
      records: this.slots.size,
      fileBytes: this.fileBytes,
      liveBytes: this.liveBytes(),
      ...this.loadStats,
      compactions: this.compactions
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('record-log: the log is closed')
  }

  /** Bytes a snapshot would take: live records plus unreadable lines carried over. */
  private liveBytes(): number {
    return this.slotBytes + this.unreadable.keptBytes
  }

  private applyPut(record: T, bytes: number): void {
    this.slotBytes += bytes - (this.slots.get(record.id)?.bytes ?? 0)
    this.slots.set(record.id, { record, bytes })
    this.unreadable.forget(record.id)
  }

  private applyDelete(id: string): void {
    this.unreadable.forget(id)
    const slot = this.slots.get(id)
    if (!slot) return
    this.slotBytes -= slot.bytes
    this.slots.delete(id)
  }

  private async append(data: Buffer): Promise<void> {
    await writeFully(this.appender, data)
    // fdatasync also flushes the file size, which is all a reader needs to see
    // appended bytes; the rest of the inode (times) can wait.
    await this.appender.datasync()
    this.fileBytes += data.length
  }

  // Every committed byte was fsync'd before its write was acknowledged, so cutting the
  // file back to `fileBytes` drops only the failed, unacknowledged tail.
  private async recover(): Promise<void> {
    await this.appender.close().catch(() => undefined)
    const handle = await open(this.filePath, 'r+')
    try {
      await handle.truncate(this.fileBytes)
      await handle.datasync()
    } finally {
      await handle.close()
    }
    this.appender = await open(this.filePath, 'a')
  }

  private async compactIfWasteful(): Promise<void> {
    if (this.unreadable.overflow) return
    const live = this.liveBytes()
    if (this.fileBytes > 2 * live && this.fileBytes - live >= this.minWaste) await this.rewrite()
  }

  /**
   * Snapshot to a temp file, fsync, rename over the log, fsync the folder. A
   * kill at any point leaves either the old log or the complete new one.
   */
  private async rewrite(): Promise<void> {
    if (this.unreadable.overflow) {
      throw new Error('record-log: too many unreadable lines to carry over, so the log is not compacted')
    }
    const temp = compactionTempPath(this.filePath)
    let bytes: number
    try {
      bytes = await writeSnapshot(temp, this.slots, this.unreadable.kept.values())
      await saveDamaged(this.filePath, this.unreadable.damaged)
    } catch (err) {
      await removeIfPresent(temp)
      throw err
    } finally {
      // The snapshot re-measured each slot; keep the total in step with them.
      this.slotBytes = 0
      for (const slot of this.slots.values()) this.slotBytes += slot.bytes
    }
    // Windows cannot replace a file that is still open, so the appender is
    // closed first and reopened on whichever file ends up in place.
    await this.appender.close()
    try {
      await rename(temp, this.filePath)
    } catch (err) {
      this.appender = await open(this.filePath, 'a')
      await removeIfPresent(temp)
      throw err
    }
    this.appender = await open(this.filePath, 'a')
    await fsyncDir(dirname(this.filePath))
    this.unreadable.clearDamaged()
    this.fileBytes = bytes
    this.compactions++
  }
}
