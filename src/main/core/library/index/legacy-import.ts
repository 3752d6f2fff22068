// Imports a library written by an earlier version (before the SQLite index): its summary
// log names the entries, its delete log the tombstones, its boards log the boards. Each
// entry comes from its own file, as the earlier version read it. The earlier version's
// files are only read, never changed or removed: that version can still open the library
// (its own start-up check adds back whatever this one saved since, from the entry files,
// and it reads the tombstone files and `boards.json` this version keeps writing).
//
// The import is checked before it counts as done: the counts of entries, deletes and
// boards, and a hash over every imported entry as read from its file against the same
// hash over the index's copies. Until a check passes, the import runs again at each start.
// Once it passes, a mark in the library folder says so: from then on the old logs are
// history, and an index rebuilt later comes from the files alone (the old logs would
// bring back boards and deletes undone since).
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { libraryEntrySchema, type LibraryEntry } from '../../../../shared/app/views'
import { writeFileAtomic } from '../../fs/atomic-write'
import { loadLog } from '../../store/log-loader'
import { LibraryPaths } from '../library-paths'
import type { IndexHint } from '../repair/rebuilt-entry'
import type { Board, LibraryIndex, Tombstone } from './library-index'
import { message, type Notify } from '../../i18n/notice-text'

interface LegacySummary extends IndexHint {
  id: string
}

const LOGS = { summaries: 'summaries.jsonl', deleted: 'deleted.jsonl', boards: 'boards.jsonl' }
/** Written in the library folder once the earlier version's logs were imported and checked. */
export const IMPORTED_MARK = 'index-imported.json'
const BATCH = 1000

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const asSummary = (v: unknown): LegacySummary | null => (isObject(v) && typeof v.id === 'string' && typeof v.time === 'number' ? (v as unknown as LegacySummary) : null)
const asTombstone = (v: unknown): Tombstone | null => (isObject(v) && typeof v.id === 'string' && typeof v.deletedAt === 'number' ? (v as unknown as Tombstone) : null)
// The earlier version had boards alone, no folders: each is a board at the top.
const asBoard = (v: unknown): Board | null =>
  isObject(v) && typeof v.id === 'string' && typeof v.name === 'string' && typeof v.createdAt === 'string' ? { id: v.id, name: v.name, createdAt: v.createdAt, kind: 'board', parent: null } : null

/** True when the library has an earlier version's logs not imported yet. */
export async function hasLegacyLogs(root: string): Promise<boolean> {
  if (await stat(join(root, IMPORTED_MARK)).then(() => true, () => false)) return false
  for (const name of Object.values(LOGS)) if (await stat(join(root, name)).then(() => true, () => false)) return true
  return false
}

/** The records of an earlier version's log, read without writing a byte (a missing log holds none). */
async function readLog<T extends { id: string }>(file: string, validate: (v: unknown) => T | null): Promise<T[]> {
  try {
    return [...(await loadLog<T>(file, validate)).slots.values()].map((s) => s.record)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
}

async function readEntry(paths: LibraryPaths, id: string): Promise<LibraryEntry | null> {
  try {
    const entry = libraryEntrySchema.parse(JSON.parse(await readFile(paths.abs(join(paths.jobDir(id), 'entry.json')), 'utf8')))
    return entry.id === id ? entry : null
  } catch {
    return null
  }
}

const digestOf = (pairs: [string, string][]) => createHash('sha256').update(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, json]) => `${id}\n${json}\n`).join('')).digest('hex')

/**
 * Imports the earlier version's logs into `index` and checks the result. Returns what the
 * old summaries knew of entries whose files could not be read, for repair to rebuild them.
 */
export async function importLegacyLogs(root: string, index: LibraryIndex, notice: Notify): Promise<Map<string, IndexHint>> {
  const paths = new LibraryPaths(root)
  const summaries = await readLog(join(root, LOGS.summaries), asSummary)
  const tombstones = await readLog(join(root, LOGS.deleted), asTombstone)
  const boards = await readLog(join(root, LOGS.boards), asBoard)
  notice('info', message('main:library.moving', { count: summaries.length }))
  index.transaction(() => {
    for (const t of tombstones) index.putTombstone(t)
    for (const b of boards) index.boards.put(b)
  })
  const hints = new Map<string, IndexHint>()
  const read: [string, string][] = []
  let nextNotice = 0.25
  for (let i = 0; i < summaries.length; i += BATCH) {
    const batch = summaries.slice(i, i + BATCH)
    const entries = await Promise.all(batch.map((s) => readEntry(paths, s.id)))
    index.transaction(() => {
      batch.forEach((s, n) => {
        const entry = entries[n]
        if (!entry) return void hints.set(s.id, s)
        index.put(entry)
        read.push([entry.id, JSON.stringify(entry)])
      })
    })
    const done = (i + batch.length) / summaries.length
    if (done >= nextNotice && done < 1) {
      notice('info', message('main:library.movingProgress', { percent: Math.floor(done * 100) / 100 }))
      nextNotice += 0.25
    }
  }
  const check = verify(index, read, tombstones, boards)
  if (check) {
    notice('warning', message('main:library.moveCheckFailed', { problem: check }))
    return hints
  }
  await writeFileAtomic(join(root, IMPORTED_MARK), JSON.stringify({ entries: read.length, deletes: tombstones.length, boards: boards.length, digest: digestOf(read), at: new Date().toISOString() }))
  notice('info', message('main:library.moved', { entries: read.length, deletes: tombstones.length, boards: boards.length, rebuilt: hints.size }))
  return hints
}

/** What differs between the logs as read and the index, or null when nothing does. */
function verify(index: LibraryIndex, read: [string, string][], tombstones: Tombstone[], boards: Board[]): string | null {
  const indexed: [string, string][] = []
  for (const [id] of read) {
    const entry = index.get(id)
    if (entry) indexed.push([id, JSON.stringify(entry)])
  }
  if (indexed.length !== read.length) return `${read.length - indexed.length} entries missing`
  if (digestOf(indexed) !== digestOf([...read])) return 'entries that differ from their files'
  const missingDeletes = tombstones.filter((t) => !index.isDeleted(t.id)).length
  if (missingDeletes) return `${missingDeletes} deletes missing`
  const missingBoards = boards.filter((b) => index.boards.get(b.id)?.name !== b.name).length
  return missingBoards ? `${missingBoards} boards missing` : null
}
