// What the job journal knows but could not write (the disk refused it), in memory only.
// A note says why a record waits; a held change (the answer of a legacy job, which has no
// key to ask again with) is part of the record as the app shows and goes on changing it,
// and is written with the record's next write. The file keeps the record as last written,
// which is what a restart resumes from.
import type { JobRecord } from './job-record'

export class UnwrittenChanges {
  private notes = new Map<string, string>()
  private held = new Map<string, Partial<JobRecord>>()

  get size(): number {
    return this.notes.size + this.held.size
  }

  /** The record with its held change applied (what the next write starts from). */
  current(record: JobRecord): JobRecord {
    const held = this.held.get(record.id)
    return held ? { ...record, ...held } : record
  }

  /** The record as the app shows it: with its held change, and its note as its error. */
  shown(record: JobRecord): JobRecord {
    const note = this.notes.get(record.id)
    const current = this.current(record)
    return note === undefined ? current : { ...current, error: note }
  }

  /** Sets the note of `id`; false when nothing changed (`keepEarlier` keeps a note already there). */
  note(id: string, note: string, keepEarlier: boolean): boolean {
    if ((keepEarlier && this.notes.has(id)) || this.notes.get(id) === note) return false
    this.notes.set(id, note)
    return true
  }

  hold(id: string, change: Partial<JobRecord>): void {
    this.held.set(id, { ...this.held.get(id), ...change })
  }

  heldIds(): string[] {
    return [...this.held.keys()]
  }

  /** The record was written (or removed): nothing of it is unwritten any more. */
  forget(id: string): void {
    this.notes.delete(id)
    this.held.delete(id)
  }
}
