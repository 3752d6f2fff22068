// The library's index file, `index.sqlite` in the library folder (so a library move
// carries it along, with its -wal and -shm files). An index that cannot be used (damaged,
// of another version, or something else in its place, such as a folder) is kept aside,
// never deleted, and a new one is started: repair fills it from the files. A rebuild while
// the app runs fills a new file beside it (`index.sqlite.rebuilding`), which then takes
// its place.
import { lstatSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { keepAside } from '../../fs/keep-aside'
import { errorCode } from '../../fs/atomic-write'
import { LibraryIndex, type DamageListener } from './library-index'
import { IndexUnreadableError } from './index-schema'
import { isDamage } from './index-db'

export const INDEX_FILE = 'index.sqlite'
/** The index being rebuilt while the app runs, until it takes the damaged one's place. */
export const REBUILD_FILE = 'index.sqlite.rebuilding'
/** An SQLite file's companions: its write-ahead log and its shared memory. */
const ALONG = ['-wal', '-shm'] as const

export interface IndexDamage {
  file: string
  keptAs: string
  /** Why it could not be used. */
  reason: string
  /** What SQLite's own check found, when that is how the damage came to light. */
  finding?: string
}

/** True when the path holds something other than a file (a folder, say), which SQLite cannot open. */
function notAFile(path: string): boolean {
  try {
    return !lstatSync(path).isFile()
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return false
    throw err
  }
}

/** Keeps the index (and its write-ahead files: a log without its database would be applied to the new one) aside. */
export function setIndexAside(root: string, reason: string, finding?: string): IndexDamage {
  const keptAs = keepAside(join(root, INDEX_FILE), { along: ALONG })
  return { file: INDEX_FILE, keptAs: keptAs.slice(root.length + 1), reason, ...(finding ? { finding } : {}) }
}

/**
 * Opens the library's index; one that cannot be used is kept aside (named in `damage`)
 * and a new one made in its place. A full disk or a folder that cannot be read is not
 * damage: that fails the open as it is.
 */
export function openIndexFile(root: string, onDamage: DamageListener, damage: IndexDamage[]): LibraryIndex {
  const file = join(root, INDEX_FILE)
  try {
    return LibraryIndex.open(file, onDamage)
  } catch (err) {
    const unusable = err instanceof IndexUnreadableError || isDamage(err) || notAFile(file)
    if (!unusable) throw err
    damage.push(setIndexAside(root, (err as Error).message))
    return LibraryIndex.open(file, onDamage)
  }
}

/** Removes an index file and its companions (a rebuild cut short). */
export function removeIndexFile(root: string, name: string): void {
  for (const suffix of ['', ...ALONG]) rmSync(join(root, name + suffix), { force: true, recursive: true })
}

/** Puts the rebuilt index in the index's place (the damaged one is already aside). */
export function moveRebuiltIn(root: string): void {
  for (const suffix of ['', ...ALONG]) {
    try {
      renameSync(join(root, REBUILD_FILE + suffix), join(root, INDEX_FILE + suffix))
    } catch (err) {
      if (errorCode(err) !== 'ENOENT' || suffix === '') throw err
    }
  }
}
