// What a job folder looked like when repair last found it whole: the change times of the
// folder and of its entry file, and the entry file's size and inode. Any file added,
// removed or renamed in the folder changes the folder's times, and any write to the entry
// file changes its own, so a folder whose facts are unchanged needs no second look at
// start. (Repair library, by hand, looks at every folder regardless.)
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { ENTRY_FILE } from './job-folder-scan'

/** The facts of job folder `dir`, or null when it or its entry file is missing. */
export function folderFacts(filesRoot: string, dir: string): string | null {
  // Synchronous on purpose: a stat is microseconds, and a million of them through the
  // thread pool would cost far more in round trips than in the calls themselves.
  const folder = statSync(join(filesRoot, dir), { throwIfNoEntry: false })
  const entry = statSync(join(filesRoot, dir, ENTRY_FILE), { throwIfNoEntry: false })
  if (!folder || !entry) return null
  return `${folder.mtimeMs}:${folder.ctimeMs}:${entry.mtimeMs}:${entry.ctimeMs}:${entry.size}:${entry.ino}`
}
