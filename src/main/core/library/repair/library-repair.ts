// Makes the library whole again from what is on disk: the output files and the entry
// files beside them are the truth, every index is rebuilt from them. One pass scans each
// job folder, verifies its entry file (a damaged one is kept aside and rebuilt from the
// outputs), lists outputs no entry knows, puts entries back into the index, removes
// leftovers of interrupted writes, and reports all of it.
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { LibraryEntry } from '../../../../shared/app/views'
import type { JobStore } from '../../jobs/job-store'
import type { Healing, Library } from '../library'
import { lostExpired, newLibraryEntry } from '../new-entry'
import type { LibraryCollections } from '../collections'
import { safeId } from '../library-paths'
import { ENTRY_FILE, isLeftoverTemp, scanJobFolder, type JobFolder } from './job-folder-scan'
import { walkJobFolders } from './folder-walk'
import { rebuildEntry, type IndexHint } from './rebuilt-entry'
import { folderFacts } from './folder-facts'
import { emptyReport, type RepairReport } from './repair-report'
import { slicePacer, type Pace } from './pacer'
import { isDeepStrictEqual } from 'node:util'
import { keepAside } from '../../fs/keep-aside'
import { IndexDamagedError } from '../index/index-db'

export interface RepairOptions {
  library: Library
  collections: LibraryCollections
  /** The job journal: a completed job's request and output URLs fill in a rebuilt entry. */
  store: JobStore
  /** Other folders of the app's own files (the data folder) to clear of leftover temps. */
  otherFolders?: string[]
  /**
   * Skip the job folders unchanged since repair last found them whole (the check at
   * start, which must stay quick at a million entries); by default every folder is read.
   */
  onlyChanged?: boolean
  /**
   * Asked between folders: true ends the pass where it is (the app is closing). A pass cut
   * short takes nothing out of the index, since the folders it did not reach were not seen.
   */
  stopped?: () => boolean
  /** True while the user is using the app: the pass then rests longer between slices. */
  userAtWork?: () => boolean
  /**
   * Run SQLite's own check of the index first (Repair library, asked for by hand): a
   * damaged index is rebuilt from the files, and the rebuild's report is the answer.
   */
  checkIndex?: boolean
}

/** Facts of folders found whole are recorded this many at a time. */
const BATCH = 1000
const RECOVERED_BOARD = 'Recovered board'

/** The entry the journal would write for a completed job it knows, else null. */
function fromJournal(store: JobStore, jobId: string): LibraryEntry | null {
  const record = store.byServiceId(jobId)
  return record?.status === 'COMPLETED' ? newLibraryEntry(record, lostExpired()) : null
}

/** Equal as stored: key order and undefined fields do not count, or every start would rewrite every entry. */
function sameEntry(a: LibraryEntry | undefined, b: LibraryEntry): boolean {
  const asStored = (e: LibraryEntry) => JSON.parse(JSON.stringify(e)) as unknown
  return a !== undefined && isDeepStrictEqual(asStored(a), asStored(b))
}

/**
 * Repairs the library from its files. An index found damaged on the way (by SQLite's
 * check, or by any statement of the pass) is rebuilt from the files; the answer is then
 * what the rebuild found and did.
 */
export async function repairLibrary(opts: RepairOptions): Promise<RepairReport> {
  try {
    if (opts.checkIndex && !opts.stopped?.()) {
      const rebuilt = await opts.library.rebuild.check()
      if (rebuilt) return rebuilt
    }
    const report = await repairPass(opts)
    report.indexChecked = opts.checkIndex === true
    return report
  } catch (err) {
    if (!(err instanceof IndexDamagedError)) throw err
    return opts.library.rebuild.report()
  }
}

async function repairPass(opts: RepairOptions): Promise<RepairReport> {
  const { library } = opts
  const pace = slicePacer(opts)
  const report = emptyReport()
  if (opts.stopped?.()) return report
  for (const d of await library.takeIndexDamage()) report.damaged.push({ file: d.file, keptAs: d.keptAs })
  report.deletesKept = library.restoredDeletes
  library.restoredDeletes = 0
  for (const dir of [library.paths.root, library.paths.abs('inputs'), ...(opts.otherFolders ?? [])]) await removeLeftoverTemps(dir, report)
  const unseen = await checkFolders(opts, pace, report)
  if (opts.stopped?.()) return report
  await dropEntriesWithoutFolders(opts, pace, unseen, report)
  await recoverBoards(opts, report)
  return report
}

// Only entries indexed before the folders were listed, whose folder is still missing with
// their lock held: the app keeps saving while the check runs, and a job completed
// meanwhile has a folder the listing did not see.
async function dropEntriesWithoutFolders(opts: RepairOptions, pace: Pace, unseen: string[], report: RepairReport): Promise<void> {
  const { library } = opts
  const filesRoot = library.paths.abs('files')
  for (const id of unseen) {
    if (opts.stopped?.()) return
    await pace()
    const dropped = await library.heal(id, async ({ forget }) => {
      if (!library.has(id) || (await scanJobFolder(filesRoot, safeId(id)))) return false
      forget()
      return true
    })
    if (dropped) report.dropped.push(id)
  }
}

/** Checks (and repairs) every job folder, or only those changed since the last check; returns the ids of entries whose folders were not found. */
async function checkFolders(opts: RepairOptions, pace: Pace, report: RepairReport): Promise<string[]> {
  const { library } = opts
  const filesRoot = library.paths.abs('files')
  let found: [string, string][] = []
  const walk = { library, onlyChanged: opts.onlyChanged === true, stopped: () => opts.stopped?.() === true, pace, report }
  const unseen = await walkJobFolders(walk, async (dir, known) => {
    const first = await scanJobFolder(filesRoot, dir)
    if (!first) return null
    report.checked++
    const id = first.entry?.id ?? known ?? dir
    // Scanned again with the entry's lock held: a save may have changed the folder meanwhile.
    await library.heal(id, async (healing) => {
      const folder = await scanJobFolder(filesRoot, dir)
      if (folder) await repairFolder(opts, folder, id, report, healing)
    })
    const facts = folderFacts(filesRoot, dir)
    if (facts !== null && library.has(id)) found.push([id, facts])
    if (found.length >= BATCH) {
      library.index.setChecked(found)
      found = []
    }
    return id
  })
  library.index.setChecked(found)
  return unseen
}

async function repairFolder(
  opts: RepairOptions,
  folder: JobFolder,
  id: string,
  report: RepairReport,
  { save, reindex, forget }: Healing
): Promise<void> {
  const { library } = opts
  const dirAbs = join(library.paths.abs('files'), folder.dir)
  const relDir = join('files', folder.dir)
  for (const temp of folder.temps) await removeLeftover(join(dirAbs, temp), report)
  const setAside = () => {
    const keptAs = keepAside(join(dirAbs, ENTRY_FILE))
    report.damaged.push({ file: join(relDir, ENTRY_FILE), keptAs: join(relDir, keptAs.slice(dirAbs.length + 1)) })
  }
  if (folder.entryState === 'damaged') setAside()
  // A folder of a deleted item (a delete cut short): it stays deleted, its files untouched.
  if (library.isDeleted(id)) return
  // Readable but for a field (tags of another shape): the file is kept aside and written
  // again with what was read.
  if (folder.entryState === 'mended' && folder.entry) {
    setAside()
    await save(folder.entry)
  }
  let entry = folder.entry
  const indexed = library.get(id)
  const summary = library.hintFor(id)
  const thumbs = join('thumbs', folder.dir)
  if (!entry) {
    const journal = fromJournal(opts.store, id)
    if (folder.outputs.length === 0 && !journal) {
      if (indexed) forget()
      if (indexed) report.dropped.push(id)
      return
    }
    entry = await save(await rebuildEntry(library.paths.root, id, relDir, thumbs, folder.outputs, { fromJournal: journal, summary }))
    report.rebuilt.push(id)
  } else {
    const unlisted = folder.outputs.filter((o) => !entry!.files.some((f) => f.index === o.index))
    if (unlisted.length) {
      entry = await save(await rebuildEntry(library.paths.root, id, relDir, thumbs, unlisted, { fromJournal: entry, summary: hintOf(entry) }))
      report.reattached += unlisted.length
    } else if (!sameEntry(indexed, entry)) {
      // The file is the truth and stays as it is: the index takes its entry.
      reindex(entry)
      if (!indexed) report.reindexed++
    }
  }
  // A partial download is resumed only for an output still pending; any other is stale.
  for (const part of folder.parts) {
    if (entry.files.some((f) => f.index === part.index && f.state === 'pending')) continue
    await removeLeftover(join(dirAbs, part.name), report)
  }
}

function hintOf(e: LibraryEntry): IndexHint {
  return { time: Date.parse(e.completedAt ?? e.createdAt) || 0, model: e.model, cost: e.creditCost, favorite: e.favorite, boards: e.boards, tags: e.tags }
}

async function removeLeftoverTemps(dir: string, report: RepairReport): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names) if (isLeftoverTemp(name)) await removeLeftover(join(dir, name), report)
}

async function removeLeftover(path: string, report: RepairReport): Promise<void> {
  await rm(path, { force: true })
  report.leftoversRemoved++
}

// A board whose log record was lost still has its members' entries naming it.
async function recoverBoards(opts: RepairOptions, report: RepairReport): Promise<void> {
  for (const id of opts.library.index.boards.named()) {
    if (opts.collections.hasBoard(id)) continue
    await opts.collections.createBoard(RECOVERED_BOARD, {}, id)
    report.boardsRecovered++
  }
}
