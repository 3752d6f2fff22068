// The index's record of what each entry was made from: one row per library output an input
// of the entry was uploaded from (`sourceJobId`, `sourceIndex` of its inputs), keyed by the
// source, so the entries made from an output are one range read (see library/pictures/lineage).
import type { LibraryEntry } from '../../../../shared/app/views'
import type { IndexDb } from './index-db'

/** The outputs an entry was made from, each once; an input naming the entry itself is no source. */
export function sourcesOf(entry: LibraryEntry): { jobId: string; index: number }[] {
  const seen = new Map<string, { jobId: string; index: number }>()
  for (const input of entry.inputs) {
    if (input.sourceJobId === undefined || input.sourceJobId === entry.id) continue
    const index = input.sourceIndex ?? 0
    seen.set(`${index}:${input.sourceJobId}`, { jobId: input.sourceJobId, index })
  }
  return [...seen.values()]
}

export class LineageRows {
  constructor(private readonly db: IndexDb, private readonly available: boolean) {}

  write(seq: number, entry: LibraryEntry): void {
    if (!this.available) return
    this.remove(seq)
    for (const s of sourcesOf(entry)) this.db.prepare('INSERT OR IGNORE INTO lineage(source, derived, source_file) VALUES (?, ?, ?)').run(s.jobId, seq, s.index)
  }

  remove(seq: number): void {
    if (this.available) this.db.prepare('DELETE FROM lineage WHERE derived = ?').run(seq)
  }
}
