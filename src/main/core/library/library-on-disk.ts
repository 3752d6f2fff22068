// The library as it is on disk, read without writing a byte: for a listing that must not
// wait for (or disturb) the process that owns the folder. The index is opened read-only
// (SQLite lets a reader in beside the writer). Without a usable index (none yet, damaged,
// of another version, something else in its place) the entries are read from their files
// in the job folders, which are the truth anyway, less those deleted (`deleted/`); a
// library of an earlier version, not yet moved to the index, is read from its summary log
// and entry files. Each entry carries its favourite mark and boards, with the boards'
// names. Nothing is repaired here; what cannot be read is counted, so the listing can say so.
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { LibraryEntry } from '../../../shared/app/views'
import { libraryEntrySchema } from '../../../shared/app/views'
import { errorCode } from '../fs/atomic-write'
import { loadLog } from '../store/log-loader'
import { LibraryPaths } from './library-paths'
import { INDEX_FILE } from './index/open-index'
import { SCHEMA_VERSION } from './index/index-schema'
import { entryTime } from './index/entry-row'
import { hasLegacyLogs } from './index/legacy-import'
import { ENTRY_FILE, jobFolderNames } from './repair/job-folder-scan'

export interface LibraryOnDisk {
  /** Newest first, as the gallery shows them. */
  entries: LibraryEntry[]
  paths: LibraryPaths
  /** Index records or entry files that could not be read (damaged, or from an unknown version). */
  unreadable: number
  /** Board names by id, as far as they are known. */
  boardNames: Map<string, string>
  /** Why the index was not read and the entries came from their files; null when they came from the index. */
  fromFiles: string | null
}

type Read = Omit<LibraryOnDisk, 'paths' | 'fromFiles'>

function readIndex(file: string): Read {
  const db = new DatabaseSync(file, { readOnly: true, timeout: 5000 })
  try {
    const version = (db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as { value?: string } | undefined)?.value
    if (version !== SCHEMA_VERSION) throw new Error(`it is of another version (${version ?? 'none'})`)
    const entries: LibraryEntry[] = []
    let unreadable = 0
    for (const row of db.prepare('SELECT entry FROM entries ORDER BY seq DESC').iterate()) {
      const parsed = libraryEntrySchema.safeParse(JSON.parse(String(row.entry)))
      if (parsed.success) entries.push(parsed.data)
      else unreadable++
    }
    const boardNames = new Map(db.prepare('SELECT id, name FROM boards').all().map((r) => [String(r.id), String(r.name)]))
    return { entries, unreadable, boardNames }
  } finally {
    db.close()
  }
}

/** The boards' names from their copy (`boards.json`), as far as it can be read. */
async function boardNamesOnFile(root: string): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  try {
    const boards = JSON.parse(await readFile(join(root, 'boards.json'), 'utf8')) as unknown
    for (const b of Array.isArray(boards) ? (boards as { id?: unknown; name?: unknown }[]) : []) {
      if (typeof b?.id === 'string' && typeof b.name === 'string') names.set(b.id, b.name)
    }
  } catch {
    // No names: the listing gives the boards' ids alone.
  }
  return names
}

async function readEntryFile(path: string): Promise<LibraryEntry | null> {
  try {
    return libraryEntrySchema.parse(JSON.parse(await readFile(path, 'utf8')))
  } catch {
    return null
  }
}

/** Ids of the entries deleted, from their tombstone files (`deleted/<id>.json`). */
async function deletedIds(root: string): Promise<Set<string>> {
  const ids = new Set<string>()
  const names = await readdir(join(root, 'deleted')).catch(() => [] as string[])
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const t = (await readFile(join(root, 'deleted', name), 'utf8').then((text) => JSON.parse(text) as { id?: unknown }, () => null)) ?? null
    if (typeof t?.id === 'string') ids.add(t.id)
  }
  return ids
}

/** Every job folder's entry file, a batch at a time; a folder whose entry file cannot be read counts as unreadable. */
async function readFiles(root: string): Promise<Read> {
  const deleted = await deletedIds(root)
  const entries: LibraryEntry[] = []
  let unreadable = 0
  let batch: string[] = []
  const readBatch = async () => {
    for (const entry of await Promise.all(batch.map((dir) => readEntryFile(join(root, 'files', dir, ENTRY_FILE))))) {
      if (!entry) unreadable++
      else if (!deleted.has(entry.id)) entries.push(entry)
    }
    batch = []
  }
  for await (const dir of jobFolderNames(join(root, 'files'))) {
    batch.push(dir)
    if (batch.length >= 64) await readBatch()
  }
  await readBatch()
  entries.sort((a, b) => entryTime(b) - entryTime(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
  return { entries, unreadable, boardNames: await boardNamesOnFile(root) }
}

interface LegacySummary {
  id: string
  time: number
}

async function readLegacy(root: string, paths: LibraryPaths): Promise<Read> {
  const loaded = await loadLog<LegacySummary>(join(root, 'summaries.jsonl'), (v) => {
    const s = v as Partial<LegacySummary> | null
    return s && typeof s.id === 'string' && typeof s.time === 'number' ? (s as LegacySummary) : null
  }).catch((err: unknown) => {
    if (errorCode(err) !== 'ENOENT') throw err
    return null
  })
  const summaries = loaded ? [...loaded.slots.values()].map((s) => s.record) : []
  let unreadable = loaded ? loaded.corrupt + loaded.invalid : 0
  summaries.sort((a, b) => b.time - a.time)
  const entries: LibraryEntry[] = []
  for (const s of summaries) {
    const entry = await readEntryFile(paths.abs(join(paths.jobDir(s.id), ENTRY_FILE)))
    if (entry) entries.push(entry)
    else unreadable++
  }
  return { entries, unreadable, boardNames: await boardNamesOnFile(root) }
}

/** Why the index cannot be read, or null when it can (then handed to `read`). */
function indexProblem(file: string, read: (r: Read) => void): string | null {
  try {
    read(readIndex(file))
    return null
  } catch (err) {
    return `${INDEX_FILE} could not be read: ${(err as Error).message}`
  }
}

const exists = (path: string) => stat(path).then(() => true, () => false)

export async function readLibraryOnDisk(root: string): Promise<LibraryOnDisk> {
  const paths = new LibraryPaths(root)
  const file = join(root, INDEX_FILE)
  const none: Read = { entries: [], unreadable: 0, boardNames: new Map() }
  if (!(await exists(file))) {
    // An earlier version's library, not moved to the index yet, is listed as that version listed it.
    if (await hasLegacyLogs(root)) return { paths, fromFiles: null, ...(await readLegacy(root, paths)) }
    // A library never used has nothing to list, and nothing to say about it.
    if (!(await exists(join(root, 'files')))) return { paths, fromFiles: null, ...none }
    return { paths, fromFiles: 'there is no index', ...(await readFiles(root)) }
  }
  let fromIndex: Read = none
  const problem = indexProblem(file, (r) => (fromIndex = r))
  return problem === null ? { paths, fromFiles: null, ...fromIndex } : { paths, fromFiles: problem, ...(await readFiles(root)) }
}
