// Tracks every accepted, unfinished job until it ends. Each job is looked at on its own
// schedule (poll-schedule.ts: sparse while it runs, dense near its expected end, capped
// while it stalls); a webhook hint moves its next look to now (the job's state always
// comes from the service, never from the hint). While two or more v2 jobs run, one list
// call answers for all of them (running-list.ts says why); a lone job, a legacy task and
// a job that has left the list are read one by one. A Retry-After from the service
// pauses every look, since its rate limit is per caller.
import type { Job, JobListItem } from '../../../shared/api'
import { ApiError, NotFoundError } from '../client/http'
import type { ServiceClient } from '../service/service-client'
import { isRunning } from '../../../shared/app/job-state'
import type { JobRecord } from './job-record'
import type { JobStore } from './job-store'
import { adaptiveSchedule, type PollSchedule, type ScheduleFactory } from './poll-schedule'
import { legacyToJob } from './legacy-jobs'
import { listRunning } from './running-list'
import { tm } from '../i18n/main-i18n'

export interface TrackerOptions {
  store: JobStore
  client: () => ServiceClient
  webhooksEnabled: () => boolean
  onTerminal: (record: JobRecord) => void
  /** Requests in flight at most. */
  concurrency?: number
  /** Each job's schedule; by default the adaptive one of poll-schedule.ts. */
  schedule?: ScheduleFactory
  /** Reads running jobs with one list call while two or more run (default true). */
  listRunning?: boolean
}

interface Slot {
  dueAt: number
  schedule: PollSchedule
  /** Its next look is a GET of its own: it left the running list, or a webhook named it. */
  direct: boolean
}

export class Tracker {
  private readonly slots = new Map<string, Slot>()
  private readonly inFlight = new Set<string>()
  /**
   * Jobs the service answered 404 for (another account's, or a demo job after the switch
   * to live): never asked about again in this run, or every change to their record would
   * start their tracking anew. A restart asks once more, in case the key changed back.
   */
  private readonly unknownToService = new Set<string>()
  private readonly schedules: ScheduleFactory
  private running = 0
  private listing = false
  private listWorks: boolean
  private pausedUntil = 0
  private timer: NodeJS.Timeout | null = null
  private closed = false

  constructor(private readonly opts: TrackerOptions) {
    this.schedules = opts.schedule ?? adaptiveSchedule()
    this.listWorks = opts.listRunning ?? true
  }

  /** Starts tracking every active job in the journal (after a restart too). */
  start(): void {
    for (const r of this.opts.store.all()) if (isRunning(r)) this.track(r.id, 0)
    this.wake()
  }

  /** Looks at a job after `delayMs` (now by default), or sooner if it was due sooner. */
  track(localId: string, delayMs = 0): void {
    if (this.closed || this.unknownToService.has(localId)) return
    const dueAt = Date.now() + delayMs
    const slot = this.slots.get(localId)
    if (slot) slot.dueAt = Math.min(slot.dueAt, dueAt)
    else this.slots.set(localId, { dueAt, schedule: this.schedules(), direct: false })
    this.wake()
  }

  /** Follows a job from its acceptance, first looked at on its schedule; a job already followed keeps its own. */
  follow(localId: string): void {
    const record = this.opts.store.get(localId)
    if (this.closed || this.slots.has(localId) || !record || this.unknownToService.has(localId)) return
    const schedule = this.schedules()
    const delay = schedule({ ...this.facts(record), status: record.status, progress: null, failed: false })
    this.slots.set(localId, { dueAt: Date.now() + delay, schedule, direct: false })
    this.wake()
  }

  /** A webhook said something happened to this job: ask it, now. */
  hint(jobId: string): void {
    const record = this.opts.store.byServiceId(jobId)
    if (!record || !isRunning(record)) return
    this.track(record.id, 0)
    const slot = this.slots.get(record.id)
    if (slot) slot.direct = true
  }

  activeCount(): number {
    return this.slots.size
  }

  private facts(record: JobRecord) {
    return { createdAt: Date.parse(record.createdAt), now: Date.now(), webhooks: this.opts.webhooksEnabled() }
  }

  private isListed(localId: string): boolean {
    return this.opts.store.get(localId)?.kind !== 'legacy'
  }

  private wake(): void {
    if (this.closed) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const now = Date.now()
    if (now >= this.pausedUntil) this.lookAtDue(now)
    const waiting = [...this.slots.entries()].filter(([id]) => !this.inFlight.has(id))
    if (waiting.length === 0) return
    const next = Math.max(this.pausedUntil, Math.min(...waiting.map(([, s]) => s.dueAt)))
    this.timer = setTimeout(() => this.wake(), Math.max(5, next - Date.now()))
    this.timer.unref?.()
  }

  private lookAtDue(now: number): void {
    const concurrency = this.opts.concurrency ?? 4
    const due = [...this.slots.entries()]
      .filter(([id, s]) => s.dueAt <= now && !this.inFlight.has(id))
      .sort((a, b) => a[1].dueAt - b[1].dueAt)
    const listed = [...this.slots.entries()].filter(([id, s]) => !s.direct && this.isListed(id)).map(([id]) => id)
    // While two or more run, one list call answers for all of them: when any is due, every
    // one not already being asked about is looked at, for the price of one request.
    const byList = this.listWorks && listed.length >= 2
    const idle = listed.filter((id) => !this.inFlight.has(id))
    if (byList && !this.listing && this.running < concurrency && due.some(([id]) => idle.includes(id))) this.lookByList(idle)
    for (const [id, slot] of due) {
      if (this.running >= concurrency) break
      if (this.inFlight.has(id) || (byList && !slot.direct && this.isListed(id))) continue
      this.lookAtOne(id)
    }
  }

  private begin(ids: string[]): void {
    this.running++
    for (const id of ids) this.inFlight.add(id)
  }

  private end(ids: string[]): void {
    this.running--
    for (const id of ids) this.inFlight.delete(id)
    this.wake()
  }

  private lookAtOne(localId: string): void {
    const record = this.opts.store.get(localId)
    if (!record || !isRunning(record) || !record.jobId) {
      this.slots.delete(localId)
      return
    }
    this.begin([localId])
    this.fetch(record)
      .then((job) => this.take(localId, job), (err: unknown) => this.failed([localId], err, true))
      .catch(() => undefined)
      .finally(() => this.end([localId]))
  }

  private lookByList(ids: string[]): void {
    const jobIds = new Map<string, string>()
    for (const id of ids) {
      const jobId = this.opts.store.get(id)?.jobId
      if (jobId) jobIds.set(jobId, id)
    }
    this.listing = true
    this.begin(ids)
    let pending = ids
    listRunning(this.opts.client(), new Set(jobIds.keys()))
      .then(async ({ found, complete }) => {
        // Jobs that have left the list are asked about first, at once: one of them has
        // likely just finished, and its result should not wait for the others' updates.
        const left = [...jobIds].filter(([jobId]) => !found.has(jobId)).map(([, id]) => id)
        for (const id of left) this.leftList(id, complete)
        pending = ids.filter((id) => !left.includes(id))
        for (const id of left) this.inFlight.delete(id)
        this.wake()
        await Promise.all([...found].map(([jobId, item]) => this.take(jobIds.get(jobId)!, item)))
      }, (err: unknown) => this.failed(ids, err, false))
      .catch(() => undefined)
      .finally(() => {
        this.listing = false
        this.end(pending)
      })
  }

  /** A job not in the list of running jobs: it has ended (ask it now), or was on a page not read. */
  private leftList(localId: string, complete: boolean): void {
    const slot = this.slots.get(localId)
    if (!slot) return
    slot.direct = true
    if (complete) slot.dueAt = Date.now()
  }

  private async fetch(record: JobRecord): Promise<Job> {
    if (record.kind === 'legacy') return legacyToJob(await this.opts.client().legacyFetch(record.jobId!), record)
    return this.opts.client().getJob(record.jobId!)
  }

  /** Records what the service said of a job; ends its tracking, or schedules its next look. */
  private async take(localId: string, job: Job | JobListItem): Promise<void> {
    const record = this.opts.store.get(localId)
    if (!record || !this.slots.has(localId)) return
    const change = changesOf(record, job)
    const updated = change ? await this.opts.store.update(localId, () => change) : record
    const slot = this.slots.get(localId)
    if (!updated || !slot) return
    if (!isRunning(updated)) {
      this.slots.delete(localId)
      this.opts.onTerminal(updated)
      return
    }
    slot.direct = false
    slot.dueAt = Date.now() + slot.schedule({ ...this.facts(updated), status: job.status, progress: job.progress ?? null, failed: false })
  }

  private async failed(ids: string[], err: unknown, alone: boolean): Promise<void> {
    if (alone && err instanceof NotFoundError) {
      this.slots.delete(ids[0]!)
      this.unknownToService.add(ids[0]!)
      await this.opts.store.update(ids[0]!, () => ({ error: tm('main:jobNotes.unknownToService') }))
      return
    }
    // A list the service refuses (a profile whose list differs) is not asked for again:
    // each job is then read on its own.
    if (!alone && err instanceof ApiError && !err.retryable && err.code !== 'unauthorized' && err.code !== 'forbidden') this.listWorks = false
    const retryAfterMs = err instanceof ApiError && 'retryAfterMs' in err ? (err.retryAfterMs as number | undefined) : undefined
    if (retryAfterMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfterMs)
    for (const id of ids) {
      const slot = this.slots.get(id)
      const record = this.opts.store.get(id)
      if (!slot || !record) continue
      slot.dueAt = Date.now() + slot.schedule({ ...this.facts(record), status: record.status, progress: record.progress, failed: true })
    }
  }

  close(): void {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.slots.clear()
  }
}

/** The record's fields that differ from what the service said, or null when nothing did. */
function changesOf(record: JobRecord, job: Job | JobListItem): Partial<JobRecord> | null {
  const next: Partial<JobRecord> = {
    status: job.status,
    progress: job.progress ?? null,
    error: job.error ?? null,
    creditCost: job.creditCost ?? null,
    completedAt: job.completedAt ?? null,
    ...(job.result !== undefined ? { result: job.result } : {}),
    expired: job.expired ?? false
  }
  const same = (Object.keys(next) as (keyof JobRecord)[]).every((k) => JSON.stringify(record[k]) === JSON.stringify(next[k]))
  return same ? null : next
}
