// Runs the downloads of finished jobs: a bounded number at once, always the
// one the CDN will purge soonest first, retrying with backoff whatever can be
// retried (everything but the service saying the file is gone), and
// reporting each failure so the user can be told what is waiting and why.
// It can be paused (a full disk) and woken early (space came back).
import { setTimeout as delay } from 'node:timers/promises'
import { backoffDelay } from '../backoff'
import { downloadFile } from './download-file'
import type { DownloadFileOptions, DownloadProgress, DownloadResult } from './download-types'
import type { DownloadError } from './errors'
import { networkError } from './errors'
import type { MediaKind } from './media-type'
import { outputSizeCap } from './output-limits'

export interface DownloadTask {
  id: string
  url: string
  dest: string
  /** When the CDN will purge the file (ms since the epoch). */
  deadline: number
  expectedKinds?: readonly MediaKind[]
}

export type DownloadRunner = (options: DownloadFileOptions, task: DownloadTask) => Promise<DownloadResult>

export interface DownloadQueueOptions {
  /** Downloads at once (default 4). */
  concurrency?: number
  onDone?: (task: DownloadTask, result: DownloadResult) => void
  /** `willRetry` false means the queue has given up on the task. */
  onFailed?: (task: DownloadTask, error: DownloadError, willRetry: boolean) => void
  onProgress?: (task: DownloadTask, progress: DownloadProgress) => void
  /** Full-jitter backoff between tries (default: from 0.5 s, growing to at most 30 s). */
  backoff?: { baseMs?: number; capMs?: number }
  /** Failures in a row without any new bytes before giving up (default: no limit). */
  maxFailures?: number
  /** Extra options for every download (timeouts, dispatcher…). */
  downloadOptions?: Omit<DownloadFileOptions, 'url' | 'dest' | 'signal' | 'expectedKinds' | 'onProgress'>
  // Seams for tests.
  random?: () => number
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  download?: DownloadRunner
}

interface Entry {
  task: DownloadTask
  seq: number
  /** Failures since the last attempt that made progress; drives the backoff. */
  failures: number
}

/** A CDN hiccup passes in seconds; an outage is retried twice a minute at most. */
const DEFAULT_BACKOFF = { baseMs: 500, capMs: 30_000 } as const

const defaultSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  delay(ms, undefined, { signal }).then(
    () => undefined,
    () => undefined
  )

export class DownloadQueue {
  private readonly concurrency: number
  private readonly entries = new Map<string, Entry>()
  private readonly ready: Entry[] = []
  private readonly running = new Map<string, Promise<void>>()
  private readonly finished = new Set<string>()
  private readonly stop = new AbortController()
  /** Wakes every task sleeping before its retry (see retryNow). */
  private wake = new AbortController()
  private paused = false
  private idleWaiters: (() => void)[] = []
  private pumpScheduled = false
  private seq = 0
  private closed = false

  constructor(private readonly options: DownloadQueueOptions = {}) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 4))
  }

  /**
   * Queues a task. Returns false when a task with this id is queued, running,
   * already done, or the queue is closed; the task is then not taken.
   */
  add(task: DownloadTask): boolean {
    if (this.closed || this.entries.has(task.id) || this.finished.has(task.id)) return false
    const entry: Entry = { task, seq: this.seq++, failures: 0 }
    this.entries.set(task.id, entry)
    this.ready.push(entry)
    this.schedulePump()
    return true
  }

  /** Tasks not yet done or given up (queued, running or waiting to retry). */
  get size(): number {
    return this.entries.size
  }

  get active(): number {
    return this.running.size
  }

  /** Resolves once every task is done or given up (or the queue is closed). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Tasks not yet done nor given up, in the order they were added. After close(), those left over. */
  unfinished(): DownloadTask[] {
    return [...this.entries.values()].sort((a, b) => a.seq - b.seq).map((e) => e.task)
  }

  /**
   * Stops everything: running downloads are aborted (their bytes stay in
   * `.part` files for a resume) and no retry starts. Resolves once they have
   * settled; `unfinished()` then lists what is left to queue again later.
   */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true
      this.stop.abort()
    }
    await Promise.all(this.running.values())
    this.ready.length = 0
    this.wakeIdle()
  }

  /** Starts no new download until resume(); running ones go on. */
  pause(): void {
    this.paused = true
  }

  resume(): void {
    if (!this.paused) return
    this.paused = false
    this.schedulePump()
  }

  get isPaused(): boolean {
    return this.paused
  }

  /** Ends every backoff wait now (the cause of the failures went away). */
  retryNow(): void {
    const wake = this.wake
    this.wake = new AbortController()
    wake.abort()
  }

  // Deferred to a microtask so that tasks added together are ordered by
  // deadline before the first one starts.
  private schedulePump(): void {
    if (this.pumpScheduled) return
    this.pumpScheduled = true
    queueMicrotask(() => {
      this.pumpScheduled = false
      this.pump()
    })
  }

  private pump(): void {
    while (!this.closed && !this.paused && this.running.size < this.concurrency) {
      const entry = this.takeEarliest()
      if (entry === undefined) break
      this.start(entry)
    }
    this.wakeIdle()
  }

  private takeEarliest(): Entry | undefined {
    let best = -1
    for (let i = 0; i < this.ready.length; i++) {
      const candidate = this.ready[i]
      const current = best < 0 ? undefined : this.ready[best]
      if (candidate === undefined) continue
      if (current === undefined || earlier(candidate, current)) best = i
    }
    return best < 0 ? undefined : this.ready.splice(best, 1)[0]
  }

  private start(entry: Entry): void {
    const { task } = entry
    let progressed = false
    const run = this.options.download ?? downloadFile
    const settled = Promise.resolve()
      .then(() =>
        run({
          ...this.options.downloadOptions,
          url: task.url,
          dest: task.dest,
          expectedKinds: task.expectedKinds,
          // Every download is capped: by the caller's limit, else by what its media may weigh.
          maxBytes: this.options.downloadOptions?.maxBytes ?? outputSizeCap(task.expectedKinds),
          signal: this.stop.signal,
          onProgress: (progress) => {
            progressed = true
            this.notify(() => this.options.onProgress?.(task, progress))
          }
        }, task)
      )
      .then(
        (result) => this.succeeded(entry, result),
        (err: unknown) => this.failed(entry, networkError(err, this.stop.signal), progressed)
      )
      .finally(() => {
        this.running.delete(task.id)
        this.pump()
      })
    this.running.set(task.id, settled)
  }

  private succeeded(entry: Entry, result: DownloadResult): void {
    this.entries.delete(entry.task.id)
    this.finished.add(entry.task.id)
    this.notify(() => this.options.onDone?.(entry.task, result))
  }

  private failed(entry: Entry, error: DownloadError, progressed: boolean): void {
    const { task } = entry
    // Stopped by close(): not a failure, the task is handed back unfinished.
    if (this.closed && (error.retryable || error.code === 'aborted')) return
    entry.failures = progressed ? 1 : entry.failures + 1
    const wait = backoffDelay(entry.failures - 1, {
      baseMs: this.options.backoff?.baseMs ?? DEFAULT_BACKOFF.baseMs,
      capMs: this.options.backoff?.capMs ?? DEFAULT_BACKOFF.capMs,
      random: this.options.random
    })
    // No giving up on the clock: past the purge deadline the CDN answers 404
    // if the file is gone, and that answer, not the time, decides.
    const willRetry = error.retryable && !this.closed && entry.failures < (this.options.maxFailures ?? Infinity)
    if (!willRetry) this.entries.delete(task.id)
    this.notify(() => this.options.onFailed?.(task, error, willRetry))
    if (willRetry) void this.retryAfter(entry, wait)
  }

  private async retryAfter(entry: Entry, wait: number): Promise<void> {
    const signal = AbortSignal.any([this.stop.signal, this.wake.signal])
    await (this.options.sleep ?? defaultSleep)(wait, signal).catch(() => undefined)
    if (this.closed) return
    this.ready.push(entry)
    this.pump()
  }

  // A throwing listener must not wedge the queue.
  private notify(call: () => void): void {
    try {
      call()
    } catch {
      // Listeners own their errors.
    }
  }

  private isIdle(): boolean {
    return this.closed || this.entries.size === 0
  }

  private wakeIdle(): void {
    if (!this.isIdle()) return
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const wake of waiters) wake()
  }
}

function earlier(a: Entry, b: Entry): boolean {
  return a.task.deadline !== b.task.deadline ? a.task.deadline < b.task.deadline : a.seq < b.seq
}
