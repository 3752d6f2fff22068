// The library store before the SQLite index, kept only as the library benchmark's baseline:
// a summary per entry in a record log, loaded whole into memory with an in-memory prompt
// search over it, and each page's entries read from their files.
import { readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LibraryEntry } from '../../src/shared/app/views'
import { RecordLog } from '../../src/main/core/store/record-log'
import { looksLikeSummary, summarize, type LibrarySummary } from './library-summary'
import { TextSearch } from './text-search'

export class SummaryLibrary {
  private readonly search = new TextSearch<LibrarySummary>()

  private constructor(private readonly root: string, private readonly log: RecordLog<LibrarySummary>) {
    for (const s of log.values()) this.search.add(s.id, s.text, s.time, s)
  }

  static async open(root: string): Promise<SummaryLibrary> {
    return new SummaryLibrary(root, await RecordLog.open<LibrarySummary>(join(root, 'summaries.jsonl'), { validate: looksLikeSummary, fsync: 'batch' }))
  }

  size(): number {
    return this.log.size
  }

  list(query: string, limit: number): { entries: LibraryEntry[]; total: number } {
    const { ids, total } = this.search.page(query, { limit })
    return { entries: ids.map((id) => JSON.parse(readFileSync(join(this.root, 'files', id, 'entry.json'), 'utf8')) as LibraryEntry), total }
  }

  close(): Promise<void> {
    return this.log.close()
  }
}

/** Writes `entries` in that store's layout: an entry file per job and a summary log. */
export async function writeSummaryLibrary(root: string, entries: Iterable<LibraryEntry[]>): Promise<void> {
  const log = await RecordLog.open<LibrarySummary>(join(root, 'summaries.jsonl'), { fsync: 'batch' })
  for (const batch of entries) {
    await Promise.all(batch.map(async (e) => {
      const folder = join(root, 'files', e.id)
      await mkdir(folder, { recursive: true })
      await writeFile(join(folder, 'entry.json'), JSON.stringify(e))
      await log.put(summarize(e))
    }))
  }
  await log.close()
}
