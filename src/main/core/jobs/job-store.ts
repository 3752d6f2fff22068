// The job journal: every job record, durable before a submission is sent, with
// listeners told of each change.
import { RecordLog } from '../store/record-log'
import { forJournal, parseJobRecord, type JobRecord } from './job-record'
import { KeyedLock } from '../store/keyed-lock'

export type JobListener = (record: JobRecord) => void

export class JobStore {
  private listeners = new Set<JobListener>()
  private byJobId = new Map<string, string>()
  private lock = new KeyedLock()

  private constructor(private readonly log: RecordLog<JobRecord>) {
    for (const r of log.all()) if (r.jobId) this.byJobId.set(r.jobId, r.id)
  }

  static async open(filePath: string): Promise<JobStore> {
    const log = await RecordLog.open<JobRecord>(filePath, { validate: parseJobRecord, fsync: 'batch' })
    return new JobStore(log)
  }

  onChange(listener: JobListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get(id: string): JobRecord | undefined {
    return this.log.get(id)
  }

  byServiceId(jobId: string): JobRecord | undefined {
    const id = this.byJobId.get(jobId)
    return id ? this.log.get(id) : undefined
  }

  all(): JobRecord[] {
    return this.log.all()
  }

  /** Writes a record durably (fsync'd) before resolving. */
  put(record: JobRecord): Promise<JobRecord> {
    return this.lock.run(record.id, () => this.write(record))
  }

  private async write(given: JobRecord): Promise<JobRecord> {
    const record = forJournal(given)
    await this.log.put(record)
    if (record.jobId) this.byJobId.set(record.jobId, record.id)
    for (const l of this.listeners) l(record)
    return record
  }

  /** Applies a change to the current version of a record. */
  update(id: string, change: (r: JobRecord) => Partial<JobRecord>): Promise<JobRecord | undefined> {
    return this.lock.run(id, async () => {
      const current = this.log.get(id)
      if (!current) return undefined
      return this.write({ ...current, ...change(current), updatedAt: new Date().toISOString() })
    })
  }

  /** Forgets a record (its outputs stay in the library). */
  remove(id: string): Promise<void> {
    return this.lock.run(id, async () => {
      const r = this.log.get(id)
      if (!r) return
      await this.log.delete(id)
      if (r.jobId && this.byJobId.get(r.jobId) === id) this.byJobId.delete(r.jobId)
    })
  }

  async close(): Promise<void> {
    await this.log.close()
  }
}
