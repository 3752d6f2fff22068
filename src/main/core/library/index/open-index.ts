// Opens the library's index file, `index.sqlite` in the library folder (so a library move
// carries it along, with its -wal and -shm files). An index that cannot be read is kept
// aside, never deleted, and a new one is started: repair fills it from the files. A
// library written by an earlier version, with its logs and no index yet, is imported.
import { rename, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { LibraryIndex } from './library-index'
import { IndexUnreadableError } from './index-schema'
import { importLegacyLogs, hasLegacyLogs } from './legacy-import'
import type { IndexHint } from '../repair/rebuilt-entry'
import type { Notify } from '../../i18n/notice-text'

export const INDEX_FILE = 'index.sqlite'

export interface IndexDamage {
  file: string
  keptAs: string
  /** Why it could not be read. */
  reason: string
}

export interface OpenedIndex {
  index: LibraryIndex
  damage: IndexDamage[]
  legacyHints: Map<string, IndexHint>
}

const exists = (path: string) => stat(path).then(() => true, () => false)

/** A free name beside `path` to keep a damaged file under. */
async function asideName(path: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${path}.damaged` : `${path}.damaged-${n}`
    if (!(await exists(candidate))) return candidate
  }
}

// The index and its write-ahead files go aside together: a log without its database
// would be applied to the new one.
async function keepAside(root: string): Promise<string> {
  const file = join(root, INDEX_FILE)
  const keptAs = await asideName(file)
  await rename(file, keptAs)
  for (const suffix of ['-wal', '-shm']) await rename(file + suffix, keptAs + suffix).catch(() => undefined)
  return keptAs.slice(root.length + 1)
}

export async function openLibraryIndex(root: string, notice: Notify): Promise<OpenedIndex> {
  const file = join(root, INDEX_FILE)
  const damage: IndexDamage[] = []
  let index: LibraryIndex
  try {
    index = LibraryIndex.open(file)
  } catch (err) {
    // Only an unreadable file is kept aside: a full disk or a folder in its place is not damage.
    if (!(err instanceof IndexUnreadableError) || !(await stat(file).then((s) => s.isFile(), () => false))) throw err
    damage.push({ file: INDEX_FILE, keptAs: await keepAside(root), reason: (err as Error).message })
    index = LibraryIndex.open(file)
  }
  let legacyHints = new Map<string, IndexHint>()
  if (await hasLegacyLogs(root)) {
    legacyHints = await importLegacyLogs(root, index, notice)
  }
  return { index, damage, legacyHints }
}
