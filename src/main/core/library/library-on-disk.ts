// The library as it is on disk, read without writing a byte: for a listing that must not
// wait for (or disturb) the process that owns the folder. The index is opened read-only
// (SQLite lets a reader in beside the writer); a library of an earlier version, not yet
// moved to the index, is read from its summary log and entry files. Nothing is repaired
// here; what cannot be read is counted, so the listing can say so.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { LibraryEntry } from '../../../shared/app/views'
import { libraryEntrySchema } from '../../../shared/app/views'
import { loadLog } from '../store/log-loader'
import { LibraryPaths } from './library-paths'
import { INDEX_FILE } from './index/open-index'

export interface LibraryOnDisk {
  /** Newest first, as the gallery shows them. */
  entries: LibraryEntry[]
  paths: LibraryPaths
  /** Index records or entry files that could not be read (damaged, or from an unknown version). */
  unreadable: number
}

function readIndex(file: string): { entries: LibraryEntry[]; unreadable: number } {
  const db = new DatabaseSync(file, { readOnly: true, timeout: 5000 })
  try {
    const entries: LibraryEntry[] = []
    let unreadable = 0
    for (const row of db.prepare('SELECT entry FROM entries ORDER BY seq DESC').iterate()) {
      const parsed = libraryEntrySchema.safeParse(JSON.parse(String(row.entry)))
      if (parsed.success) entries.push(parsed.data)
      else unreadable++
    }
    return { entries, unreadable }
  } finally {
    db.close()
  }
}

interface LegacySummary {
  id: string
  time: number
}

async function readLegacy(root: string, paths: LibraryPaths): Promise<{ entries: LibraryEntry[]; unreadable: number }> {
  let summaries: LegacySummary[] = []
  let unreadable = 0
  try {
    const loaded = await loadLog<LegacySummary>(join(root, 'summaries.jsonl'), (v) => {
      const s = v as Partial<LegacySummary> | null
      return s && typeof s.id === 'string' && typeof s.time === 'number' ? (s as LegacySummary) : null
    })
    summaries = [...loaded.slots.values()].map((s) => s.record)
    unreadable = loaded.corrupt + loaded.invalid
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  summaries.sort((a, b) => b.time - a.time)
  const entries: LibraryEntry[] = []
  for (const s of summaries) {
    const entry = await readFile(paths.abs(join(paths.jobDir(s.id), 'entry.json')), 'utf8').then((t) => libraryEntrySchema.parse(JSON.parse(t)), () => null)
    if (entry) entries.push(entry)
    else unreadable++
  }
  return { entries, unreadable }
}

export async function readLibraryOnDisk(root: string): Promise<LibraryOnDisk> {
  const paths = new LibraryPaths(root)
  const file = join(root, INDEX_FILE)
  const hasIndex = await stat(file).then(() => true, () => false)
  return { paths, ...(hasIndex ? readIndex(file) : await readLegacy(root, paths)) }
}
