// Serialises a log's disk work: appends, barriers and compactions run one at a
// time in the order they were asked for, and each change is applied to memory
// only after its line is on disk, so readers never see a change that a crash
// could take back.
//
// In 'batch' mode, appends that pile up while a write + fsync is in flight go
// out together in the next one (group commit): with N concurrent writers one
// fsync acknowledges up to N changes instead of one.
//
// A write that fails is cut off the file before its writer hears of it, so a
// writer told "failed" knows its change will never be found, not even by a
// start after a crash: the job journal answers "not sent" on that promise.

export type QueueMode = 'always' | 'batch'

export interface QueueTarget {
  /** Writes the bytes at the end of the file and fsyncs them. */
  append(data: Buffer): Promise<void>
  /** Runs after each committed group; may compact. */
  afterCommit(): Promise<void>
  compact(): Promise<void>
  /** After a failed append: cuts the file back to its last committed length, durably. */
  recover(): Promise<void>
}

interface Job {
  kind: 'write' | 'barrier' | 'compact'
  data: Buffer | null
  apply: (() => void) | null
  resolve: () => void
  reject: (err: Error) => void
}

/** Caps one group commit so a burst of writers cannot build one huge buffer. */
const MAX_GROUP_BYTES = 8 * 1024 * 1024

export class WriteQueue {
  private jobs: Job[] = []
  private running = false
  /** Set when a write or fsync failed: what reached the disk is unknown. */
  private failure: Error | null = null

  constructor(
    private readonly mode: QueueMode,
    private readonly target: QueueTarget
  ) {}

  write(data: Buffer, apply: () => void): Promise<void> {
    return this.enqueue('write', data, apply)
  }

  /** Resolves once everything queued before it has finished. */
  barrier(): Promise<void> {
    return this.enqueue('barrier', null, null)
  }

  compact(): Promise<void> {
    return this.enqueue('compact', null, null)
  }

  private enqueue(kind: Job['kind'], data: Buffer | null, apply: (() => void) | null): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.jobs.push({ kind, data, apply, resolve, reject })
      if (!this.running) {
        // The flag is set here, synchronously, so no job can be pushed
        // between a drain deciding it is done and the flag being cleared.
        this.running = true
        void this.drain()
      }
    })
  }

  private async drain(): Promise<void> {
    try {
      while (this.jobs.length > 0) {
        // A failed write (a full disk, an I/O error) is not the end of the log: cut the
        // unknown tail off, and the log is in a known state again. While that cannot be
        // done, nothing is appended; it is tried afresh for each new write, so the log
        // heals once the disk does.
        const unrecovered = this.failure ? await this.recover() : null
        if (unrecovered) {
          for (const job of this.jobs.splice(0)) job.reject(unrecovered)
          continue
        }
        const group = this.takeGroup()
        try {
          await this.run(group)
        } catch (err) {
          await this.failed(group, err)
        }
      }
    } finally {
      this.running = false
    }
  }

  /** Cuts the file back to what was committed; the error when even that fails. */
  private async recover(): Promise<Error | null> {
    try {
      await this.target.recover()
      this.failure = null
      return null
    } catch (err) {
      return asError(err)
    }
  }

  private takeGroup(): Job[] {
    const first = this.jobs[0]
    if (!first || first.kind === 'compact' || this.mode === 'always') return this.jobs.splice(0, 1)
    let count = 0
    let bytes = 0
    for (const job of this.jobs) {
      if (job.kind === 'compact' || bytes >= MAX_GROUP_BYTES) break
      bytes += job.data?.length ?? 0
      count++
    }
    return this.jobs.splice(0, count)
  }

  private async run(group: Job[]): Promise<void> {
    if (group.length === 1 && group[0]?.kind === 'compact') {
      const job = group[0]
      try {
        await this.target.compact()
        job.resolve()
      } catch (err) {
        // A failed compaction leaves the old log in place and usable, so only
        // the caller who asked for it hears about it.
        job.reject(asError(err))
      }
      return
    }

    const parts: Buffer[] = []
    for (const job of group) if (job.data) parts.push(job.data)
    if (parts.length > 0) await this.target.append(parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts))
    for (const job of group) {
      job.apply?.()
      job.resolve()
    }
    if (parts.length > 0) {
      try {
        await this.target.afterCommit()
      } catch {
        // Compaction is an optimisation; the log stays valid without it and it
        // will be tried again after the next commit.
      }
    }
  }

  /**
   * After a failed write or fsync the file's tail is unknown (part of the group, or all of
   * it, may be in the file, and Linux may even drop the dirty pages). The tail is cut off
   * before any writer hears of the failure: a line whose writer was told it failed must
   * never be found by a later start (a job told "not sent" would be sent). The writers
   * queued behind the group are told too; nothing of theirs was written.
   */
  private async failed(group: Job[], err: unknown): Promise<void> {
    const error = asError(err)
    this.failure = error
    const waiting = [...group, ...this.jobs.splice(0)]
    await this.recover()
    for (const job of waiting) job.reject(error)
  }
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err))
}
