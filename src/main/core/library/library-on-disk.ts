// The library as it is on disk, read without writing a byte: for a listing that must not
// wait for (or disturb) the process that owns the folder. Nothing is repaired here (a
// torn last line may be a write still under way); what cannot be read is counted, so the
// listing can say so.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LibraryEntry } from '../../../shared/app/views'
import { libraryEntrySchema } from '../../../shared/app/views'
import { loadLog } from '../store/log-loader'
import { LibraryPaths } from './library-paths'
import { looksLikeSummary, type LibrarySummary } from './library-summary'

export interface LibraryOnDisk {
  /** Newest first, as the gallery shows them. */
  entries: LibraryEntry[]
  paths: LibraryPaths
  /** Index lines or entry files that could not be read (damaged, or from an unknown version). */
  unreadable: number
}

async function readSummaries(root: string): Promise<{ summaries: LibrarySummary[]; unreadable: number }> {
  try {
    const loaded = await loadLog<LibrarySummary>(join(root, 'summaries.jsonl'), looksLikeSummary)
    return { summaries: [...loaded.slots.values()].map((s) => s.record), unreadable: loaded.corrupt + loaded.invalid }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { summaries: [], unreadable: 0 }
    throw err
  }
}

async function readEntry(paths: LibraryPaths, jobId: string): Promise<LibraryEntry | null> {
  try {
    const text = await readFile(paths.abs(join(paths.jobDir(jobId), 'entry.json')), 'utf8')
    return libraryEntrySchema.parse(JSON.parse(text))
  } catch {
    return null
  }
}

export async function readLibraryOnDisk(root: string): Promise<LibraryOnDisk> {
  const paths = new LibraryPaths(root)
  const { summaries, unreadable } = await readSummaries(root)
  summaries.sort((a, b) => b.time - a.time)
  const entries: LibraryEntry[] = []
  let missing = 0
  for (const s of summaries) {
    const entry = await readEntry(paths, s.id)
    if (entry) entries.push(entry)
    else missing++
  }
  return { entries, paths, unreadable: unreadable + missing }
}
