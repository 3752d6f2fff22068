// The job journal as it is on disk, read without opening it for writing: for a command
// that only looks (the command line's `limits`), beside a process that may own the folder.
import { join } from 'node:path'
import { loadLog } from '../store/log-loader'
import { parseJobRecord, type JobRecord } from './job-record'

/** The journal's file in an account's data folder. */
export const JOURNAL_FILE = 'journal.jsonl'

/** The readable records of the journal in `accountDir`; none when there is no journal yet. */
export async function readJournalOnDisk(accountDir: string): Promise<JobRecord[]> {
  try {
    const { slots } = await loadLog(join(accountDir, JOURNAL_FILE), parseJobRecord)
    return [...slots.values()].map((s) => s.record)
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return []
    throw err
  }
}
