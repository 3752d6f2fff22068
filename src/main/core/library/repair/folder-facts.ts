// What a job folder looked like when repair last found it whole: the change times of the
// folder and of its entry file, and the entry file's size and inode. Any file added,
// removed or renamed in the folder changes the folder's times, and any write to the entry
// file changes its own (its change time even when a tool puts its modified time back), so
// a folder whose facts are unchanged needs no second look at start. (Repair library, by
// hand, looks at every folder regardless.) What they cannot tell: an output file
// rewritten in place, under its own name; repair would find nothing to do in it anyway,
// since it reads an output's name, not its bytes.
import { statSync, type Stats } from 'node:fs'
import { join } from 'node:path'
import { ENTRY_FILE } from './job-folder-scan'

type Times = Pick<Stats, 'mtimeMs' | 'ctimeMs' | 'size' | 'ino'>

/**
 * The facts of a folder and its entry file as one string, or null when either is missing.
 * Plain JavaScript with no names from outside: the folder comparison's worker thread runs
 * its source too (see folder-compare), so both threads write the facts alike.
 */
export function factsOf(folder: Times | undefined, entry: Times | undefined): string | null {
  if (!folder || !entry) return null
  return `${folder.mtimeMs}:${folder.ctimeMs}:${entry.mtimeMs}:${entry.ctimeMs}:${entry.size}:${entry.ino}`
}

/** The facts of job folder `dir`, or null when it or its entry file is missing. */
export function folderFacts(filesRoot: string, dir: string): string | null {
  // Synchronous on purpose: a stat is microseconds, and a million of them through the
  // thread pool would cost far more in round trips than in the calls themselves.
  return factsOf(statSync(join(filesRoot, dir), { throwIfNoEntry: false }), statSync(join(filesRoot, dir, ENTRY_FILE), { throwIfNoEntry: false }))
}
