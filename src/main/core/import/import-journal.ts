// What an import has done, kept in the library folder (`import-journal.jsonl`, a crash-safe
// record log): for each original file, the entry it became and whether it got there. A
// file is marked "placing" before its copy is moved into the library and "done" once its
// entry is written, so after a kill the next import finishes what was half done (from the
// verified copy) and skips, without reading them again, the files it had finished.
import { join } from 'node:path'
import { RecordLog } from '../store/record-log'

export const IMPORT_JOURNAL_FILE = 'import-journal.jsonl'

export interface ImportRecord {
  /** The original file's absolute path. */
  id: string
  /** The library entry it becomes (`import-<sha256 of its bytes>`). */
  entryId: string
  /** The copy's extension in the library (`files/<entry>/0.<ext>`). */
  ext: string
  size: number
  mtimeMs: number
  state: 'placing' | 'done'
}

function looksLikeRecord(v: unknown): ImportRecord | null {
  const r = v as Partial<ImportRecord> | null
  if (!r || typeof r.id !== 'string' || typeof r.entryId !== 'string' || typeof r.ext !== 'string' || !/^[a-z0-9]{1,5}$/.test(r.ext)) return null
  if (typeof r.size !== 'number' || typeof r.mtimeMs !== 'number' || (r.state !== 'placing' && r.state !== 'done')) return null
  return { id: r.id, entryId: r.entryId, ext: r.ext, size: r.size, mtimeMs: r.mtimeMs, state: r.state }
}

export class ImportJournal {
  private constructor(private readonly log: RecordLog<ImportRecord>) {}

  static async open(libraryRoot: string): Promise<ImportJournal> {
    return new ImportJournal(await RecordLog.open<ImportRecord>(join(libraryRoot, IMPORT_JOURNAL_FILE), { validate: looksLikeRecord, fsync: 'batch' }))
  }

  /** The record of a file finished before, when it has not changed since (same size and time). */
  finished(path: string, size: number, mtimeMs: number): ImportRecord | null {
    const r = this.log.get(path)
    return r?.state === 'done' && r.size === size && r.mtimeMs === mtimeMs ? r : null
  }

  /** Records cut short between the copy and the entry. */
  unfinished(): ImportRecord[] {
    return this.log.all().filter((r) => r.state === 'placing')
  }

  /** Resolves once the record is on disk. */
  put(record: ImportRecord): Promise<void> {
    return this.log.put(record)
  }

  forget(path: string): Promise<void> {
    return this.log.delete(path)
  }

  close(): Promise<void> {
    return this.log.close()
  }
}
