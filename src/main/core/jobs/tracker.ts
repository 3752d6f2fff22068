// Tracks every accepted, unfinished job until it ends: polls on an adaptive schedule with
// bounded concurrency, and takes webhook hints as a short-cut (a hint only moves the next
// poll to now: the job's state always comes from GET /v2/jobs/{id}).
import type { Job } from '../../../shared/api'
import { NotFoundError } from '../client/http'
import type { ServiceClient } from '../service/service-client'
import { isRunning } from '../../../shared/app/job-state'
import type { JobRecord } from './job-record'
import type { JobStore } from './job-store'
import { nextPollDelay, type PollPolicy } from './poll-schedule'
import { legacyToJob } from './legacy-jobs'

export interface TrackerOptions {
  store: JobStore
  client: () => ServiceClient
  webhooksEnabled: () => boolean
  onTerminal: (record: JobRecord) => void
  concurrency?: number
  policy?: PollPolicy
}

interface Slot {
  dueAt: number
  unchanged: number
  lastKey: string
}

export class Tracker {
  private slots = new Map<string, Slot>()
  private running = 0
  private timer: NodeJS.Timeout | null = null
  private closed = false
  private inFlight = new Set<string>()

  constructor(private readonly opts: TrackerOptions) {}

  /** Starts tracking every active job in the journal (after a restart too). */
  start(): void {
    for (const r of this.opts.store.all()) if (isRunning(r)) this.track(r.id, 0)
    this.wake()
  }

  track(localId: string, delayMs = 0): void {
    if (this.closed) return
    const slot = this.slots.get(localId)
    const dueAt = Date.now() + delayMs
    if (slot) slot.dueAt = Math.min(slot.dueAt, dueAt)
    else this.slots.set(localId, { dueAt, unchanged: 0, lastKey: '' })
    this.wake()
  }

  /** A webhook said something happened to this job: ask now. */
  hint(jobId: string): void {
    const record = this.opts.store.byServiceId(jobId)
    if (record && isRunning(record)) this.track(record.id, 0)
  }

  activeCount(): number {
    return this.slots.size
  }

  private wake(): void {
    if (this.closed) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const now = Date.now()
    const concurrency = this.opts.concurrency ?? 4
    const due = [...this.slots.entries()]
      .filter(([id, s]) => s.dueAt <= now && !this.inFlight.has(id))
      .sort((a, b) => a[1].dueAt - b[1].dueAt)
    for (const [id] of due) {
      if (this.running >= concurrency) break
      this.pollOne(id)
    }
    const waiting = [...this.slots.entries()].filter(([id]) => !this.inFlight.has(id))
    if (waiting.length === 0) return
    const next = Math.min(...waiting.map(([, s]) => s.dueAt))
    this.timer = setTimeout(() => this.wake(), Math.max(5, next - Date.now()))
    this.timer.unref?.()
  }

  private pollOne(localId: string): void {
    this.running++
    this.inFlight.add(localId)
    this.poll(localId)
      .catch(() => undefined)
      .finally(() => {
        this.running--
        this.inFlight.delete(localId)
        this.wake()
      })
  }

  private async fetch(record: JobRecord): Promise<Job> {
    if (record.kind === 'legacy') return legacyToJob(await this.opts.client().legacyFetch(record.jobId!), record)
    return this.opts.client().getJob(record.jobId!)
  }

  private async poll(localId: string): Promise<void> {
    const record = this.opts.store.get(localId)
    const slot = this.slots.get(localId)
    if (!record || !slot || !isRunning(record) || !record.jobId) {
      this.slots.delete(localId)
      return
    }
    let job: Job
    try {
      job = await this.fetch(record)
    } catch (err) {
      if (err instanceof NotFoundError) {
        this.slots.delete(localId)
        await this.opts.store.update(localId, () => ({ error: 'The service no longer knows this job' }))
        return
      }
      slot.unchanged++
      slot.dueAt = Date.now() + nextPollDelay({ status: record.status, unchangedPolls: slot.unchanged, webhooks: false })
      return
    }
    const updated = await this.opts.store.update(localId, () => ({
      status: job.status,
      progress: job.progress ?? null,
      error: job.error ?? null,
      creditCost: job.creditCost ?? null,
      completedAt: job.completedAt ?? null,
      ...(job.result !== undefined ? { result: job.result } : {}),
      expired: job.expired ?? false
    }))
    if (!updated) return
    if (!isRunning(updated)) {
      this.slots.delete(localId)
      this.opts.onTerminal(updated)
      return
    }
    const key = `${job.status}:${job.progress}`
    slot.unchanged = key === slot.lastKey ? slot.unchanged + 1 : 0
    slot.lastKey = key
    slot.dueAt = Date.now() + nextPollDelay({ status: job.status, unchangedPolls: slot.unchanged, webhooks: this.opts.webhooksEnabled() })
  }

  close(): void {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.slots.clear()
  }
}
