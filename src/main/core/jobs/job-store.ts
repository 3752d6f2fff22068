// The job journal: every job record, durable before a submission is sent, with
// listeners told of each change. It holds one record per service job: a second record
// naming a job another one already tracks would be tracked, saved and waited on twice.
//
// The file is the truth of what will happen: a record in it as "journaled" is sent (again,
// with its key) whatever the process that wrote it was told afterwards. When a later
// change of a record cannot be written (the disk is full), the record stays as the file
// has it and a note, in memory only, says why it waits (see noteUnwritten); a change that
// cannot be asked for again is held and written later (see holdUnwritten).
import { RecordLog } from '../store/record-log'
import { forJournal, parseJobRecord, type JobRecord } from './job-record'
import { KeyedLock } from '../store/keyed-lock'
import { duplicatesToDrop } from './journal-duplicates'
import { UnwrittenChanges } from './unwritten-changes'
import { tm } from '../i18n/main-i18n'

export type JobListener = (record: JobRecord) => void

/** A write that would give a service job a second record. */
export class DuplicateJobError extends Error {
  constructor(readonly jobId: string, readonly heldBy: string) {
    super(`Job ${jobId} already has a record in the journal (${heldBy})`)
  }
}

export class JobStore {
  private listeners = new Set<JobListener>()
  private byJobId = new Map<string, string>()
  private lock = new KeyedLock()
  private unwritten = new UnwrittenChanges()

  private constructor(private readonly log: RecordLog<JobRecord>) {
    for (const r of log.all()) if (r.jobId) this.byJobId.set(r.jobId, r.id)
  }

  /** `onDropped` is told (never silently) when duplicate records were dropped at open. */
  static async open(filePath: string, onDropped?: (message: string) => void): Promise<JobStore> {
    const log = await RecordLog.open<JobRecord>(filePath, { validate: parseJobRecord, fsync: 'batch' })
    // Journals written before one record per job was enforced may hold two for one job.
    const drop = duplicatesToDrop(log.all())
    for (const r of drop) await log.delete(r.id)
    if (drop.length) {
      const jobs = [...new Set(drop.map((r) => r.jobId))].join(', ')
      onDropped?.(tm('main:jobNotes.journalDuplicates', { count: drop.length, jobs }))
    }
    return new JobStore(log)
  }

  onChange(listener: JobListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get(id: string): JobRecord | undefined {
    const record = this.log.get(id)
    return record && this.unwritten.shown(record)
  }

  byServiceId(jobId: string): JobRecord | undefined {
    const id = this.byJobId.get(jobId)
    return id ? this.get(id) : undefined
  }

  all(): JobRecord[] {
    const all = this.log.all()
    return this.unwritten.size === 0 ? all : all.map((r) => this.unwritten.shown(r))
  }

  /**
   * Says why a record waits when its latest change could not be written: the record stays
   * as the file has it (and as a restart would find it), shown with `note` as its error
   * until a write of it lands. `keepEarlier` leaves a note already there. Answers the
   * record as shown, undefined when there is none.
   */
  noteUnwritten(id: string, note: string, keepEarlier = false): JobRecord | undefined {
    const record = this.log.get(id)
    if (!record) return undefined
    if (this.unwritten.note(id, note, keepEarlier)) this.tell(this.unwritten.shown(record))
    return this.unwritten.shown(record)
  }

  /**
   * Holds a change that could not be written and cannot be had again (a legacy job's
   * answer): it is part of the record from now on, as shown and as changed further, and
   * is written with the record's next write, or by writeHeld.
   */
  holdUnwritten(id: string, change: Partial<JobRecord>, note: string): JobRecord | undefined {
    const record = this.log.get(id)
    if (!record) return undefined
    this.unwritten.hold(id, change)
    this.unwritten.note(id, note, false)
    if (change.jobId) this.byJobId.set(change.jobId, id)
    const shown = this.unwritten.shown(record)
    this.tell(shown)
    return shown
  }

  /** Tries again to write every held change; one the disk still refuses stays held. */
  async writeHeld(): Promise<void> {
    for (const id of this.unwritten.heldIds()) await this.update(id, () => ({})).catch(() => undefined)
  }

  private tell(record: JobRecord): void {
    for (const l of this.listeners) l(record)
  }

  /** Writes a record durably (fsync'd) before resolving. */
  put(record: JobRecord): Promise<JobRecord> {
    return this.lock.run(record.id, () => this.write(record))
  }

  private async write(given: JobRecord): Promise<JobRecord> {
    const record = forJournal(given)
    if (record.jobId) await this.makeRoomFor(record, record.jobId)
    await this.log.put(record)
    this.unwritten.forget(record.id)
    if (record.jobId) this.byJobId.set(record.jobId, record.id)
    this.tell(record)
    return record
  }

  /**
   * A job adopted from the service's list (origin "elsewhere") gives way to the app's own
   * record of it, once the app's lost answer turns up; any other second record is refused.
   */
  private async makeRoomFor(record: JobRecord, jobId: string): Promise<void> {
    const holderId = this.byJobId.get(jobId)
    const holder = holderId && holderId !== record.id ? this.log.get(holderId) : undefined
    if (!holder || holder.jobId !== jobId) return
    if (holder.origin !== 'elsewhere' || record.origin === 'elsewhere') throw new DuplicateJobError(jobId, holder.id)
    await this.log.delete(holder.id)
    this.byJobId.delete(jobId)
  }

  /** Applies a change to the current version of a record. */
  update(id: string, change: (r: JobRecord) => Partial<JobRecord>): Promise<JobRecord | undefined> {
    return this.lock.run(id, async () => {
      const written = this.log.get(id)
      if (!written) return undefined
      const current = this.unwritten.current(written)
      return this.write({ ...current, ...change(current), updatedAt: new Date().toISOString() })
    })
  }

  /** Forgets a record (its outputs stay in the library). */
  remove(id: string): Promise<void> {
    return this.lock.run(id, async () => {
      const r = this.log.get(id)
      if (!r) return
      await this.log.delete(id)
      this.unwritten.forget(id)
      if (r.jobId && this.byJobId.get(r.jobId) === id) this.byJobId.delete(r.jobId)
    })
  }

  async close(): Promise<void> {
    await this.log.close()
  }
}
