// Which job folders a pass over the library reads: at start, those changed since repair
// last found them whole, and those no entry of the index names; by hand (Repair library),
// every one. The index's ids and facts are read in chunks on this thread, through the
// index's door; the folders are listed and compared on a worker thread (see
// folder-compare), a chunk per step, with the pass's pace between steps. Entries whose
// folder was not found are handed back for the pass to take out, once it has ended.
import { safeId } from '../library-paths'
import type { Library } from '../library'
import type { RepairReport } from './repair-report'
import type { Pace } from './pacer'
import { FolderCompare } from './folder-compare'

/** Folder names listed per step (a millisecond or so). */
const LIST_STEP = 2000
/** Entries compared per step: two stats each, a few milliseconds in all. */
const COMPARE_STEP = 500
/** Folders no entry names, handed over per step. */
const LEFTOVER_STEP = 100

export interface WalkOptions {
  library: Library
  /** Read only the folders changed since repair last found them whole (the check at start). */
  onlyChanged: boolean
  /** True ends the walk where it is. */
  stopped: () => boolean
  pace: Pace
  report: RepairReport
}

/**
 * Reads a folder: `dir` under `files/`, and the id of the entry the index has for it, if
 * any. Answers the id of the entry it found in the folder (which may be another's, for a
 * folder moved by hand), or null when the folder was gone.
 */
export type FolderVisit = (dir: string, known: string | undefined) => Promise<string | null>

/** Walks the job folders, visiting those to read; answers the ids of entries whose folder was not found. */
export async function walkJobFolders(opts: WalkOptions, visit: FolderVisit): Promise<string[]> {
  const { library, stopped, pace, report } = opts
  const compare = new FolderCompare(library.paths.abs('files'))
  const missing: string[] = []
  // Ids found in folders other than their own: such an entry is not missing.
  const foundElsewhere = new Set<string>()
  const read = async (dir: string, known: string | undefined) => {
    const id = await visit(dir, known)
    if (id !== null && id !== known) foundElsewhere.add(id)
    await pace()
  }
  try {
    while (!(await compare.list(LIST_STEP))) {
      if (stopped()) return []
      await pace()
    }
    for (const rows of library.index.checkedChunks(COMPARE_STEP)) {
      if (stopped()) return []
      const dirs = rows.map((r) => safeId(r.id))
      const { changed, missing: gone } = await compare.compare(dirs, opts.onlyChanged ? rows.map((r) => r.checked) : null)
      const unchanged = rows.length - changed.length - gone.length
      report.checked += unchanged
      report.unchanged += unchanged
      for (const i of gone) missing.push(rows[i]!.id)
      for (const i of changed) await read(dirs[i]!, rows[i]!.id)
      await pace()
    }
    for (let dirs = await compare.leftovers(LEFTOVER_STEP); dirs.length > 0; dirs = await compare.leftovers(LEFTOVER_STEP)) {
      if (stopped()) return []
      for (const dir of dirs) await read(dir, undefined)
    }
  } finally {
    await compare.close()
  }
  return missing.filter((id) => !foundElsewhere.has(id))
}
