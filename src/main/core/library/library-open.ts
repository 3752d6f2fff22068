// Opening a library's index and what is kept beside it: an earlier version's logs still to
// import, the deletes kept in files (see library-trash), and the entry files a change cut
// short left behind their rows. An index that cannot be used at any of these steps (it
// cannot be opened, or a statement finds it damaged) is kept aside and made anew, to be
// filled from the files by the check at start: no index stops a start.
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { libraryEntrySchema, type LibraryEntry } from '../../../shared/app/views'
import { writeFileAtomic } from '../fs/atomic-write'
import { LibraryPaths } from './library-paths'
import { LibraryTrash } from './library-trash'
import { LibraryIndex, type DamageListener } from './index/library-index'
import { IndexDamagedError } from './index/index-db'
import { openIndexFile, REBUILD_FILE, removeIndexFile, setIndexAside, type IndexDamage } from './index/open-index'
import { hasLegacyLogs, importLegacyLogs } from './index/legacy-import'
import type { IndexHint } from './repair/rebuilt-entry'
import type { Notify } from '../i18n/notice-text'

export interface LibraryParts {
  index: LibraryIndex
  trash: LibraryTrash
  /** The index kept aside at this open, if it could not be used. */
  damage: IndexDamage[]
  /** What an earlier version's index knew of entries whose files could not be read at import. */
  legacyHints: Map<string, IndexHint>
}

/** An entry file's entry, or undefined when it cannot be read. */
export async function readEntryFile(path: string): Promise<LibraryEntry | undefined> {
  try {
    return libraryEntrySchema.parse(JSON.parse(await readFile(path, 'utf8')))
  } catch {
    return undefined
  }
}

/** Writes an entry's file at its place in the library. */
export async function writeEntryFile(paths: LibraryPaths, id: string, json: string): Promise<void> {
  const file = paths.abs(join(paths.jobDir(id), 'entry.json'))
  await mkdir(dirname(file), { recursive: true })
  await writeFileAtomic(file, json)
}

async function partsOver(root: string, index: LibraryIndex, damage: IndexDamage[], notice: Notify): Promise<LibraryParts> {
  const legacyHints = (await hasLegacyLogs(root)) ? await importLegacyLogs(root, index, notice) : new Map<string, IndexHint>()
  const trash = await LibraryTrash.open(root, index)
  // Entry files a change committed to the index but did not write before the app stopped.
  const paths = new LibraryPaths(root)
  const behind = index.entriesBehindFiles()
  for (const e of behind) await writeEntryFile(paths, e.id, JSON.stringify(e))
  index.markFilesWritten(behind.map((e) => e.id))
  return { index, trash, damage, legacyHints }
}

/** Opens the library's index in `root`; `onDamage` is told of damage found after the open. */
export async function openLibraryParts(root: string, onDamage: DamageListener, notice: Notify): Promise<LibraryParts> {
  await mkdir(root, { recursive: true })
  removeIndexFile(root, REBUILD_FILE)
  const damage: IndexDamage[] = []
  let opened = false
  const whenOpen: DamageListener = (reason) => {
    if (opened) onDamage(reason)
  }
  for (let attempt = 1; ; attempt++) {
    const index = openIndexFile(root, whenOpen, damage)
    try {
      const parts = await partsOver(root, index, damage, notice)
      opened = true
      return parts
    } catch (err) {
      index.close()
      if (!(err instanceof IndexDamagedError) || attempt > 1) throw err
      damage.push(setIndexAside(root, err.reason))
    }
  }
}

/** A new, empty index beside the damaged one, with what is kept beside it, for a rebuild to fill (see index-rebuild). */
export function openRebuildParts(root: string, notice: Notify): Promise<LibraryParts> {
  return partsOver(root, LibraryIndex.open(join(root, REBUILD_FILE)), [], notice)
}
