// Imports a folder of pictures from other tools into the library: first what an earlier,
// killed import left half done is finished, then the folder is walked (every subfolder)
// and its files imported a few at a time, with progress after each. A cancel stops taking
// new files (the ones under way finish, whole); a failure to write the library (a full
// disk) stops the import and says so; anything about a file itself skips that file,
// named with why. The originals are only ever read.
import { stat } from 'node:fs/promises'
import { isAbsolute, resolve, sep } from 'node:path'
import { MAX_NAMED_SKIPS, type ImportCounts, type ImportProgress, type ImportResult, type ImportSkip } from '../../../shared/app/library-import'
import { skipOf, type SkipReason } from './import-messages'
import type { Library } from '../library/library'
import { importFile, type FileOutcome, type ImportContext } from './import-file'
import { ImportJournal } from './import-journal'
import { IMPORT_CONCURRENCY } from './import-limits'
import { finishUnfinished } from './import-recovery'
import { walkFolder } from './import-walk'

export interface ImportOptions {
  signal?: AbortSignal
  onProgress?: (p: ImportProgress) => void
  /** Each file left out, as it is (the result names the first MAX_NAMED_SKIPS). */
  onSkip?: (skip: ImportSkip) => void
  concurrency?: number
  now?: () => Date
}

/** The folder cannot be imported (not there, not a folder, inside the library); the message says which. */
export class ImportFolderError extends Error {}

/** The import stopped part-way because the library could not be written; `result` says what was done. */
export class ImportStoppedError extends Error {
  constructor(readonly result: ImportResult, override readonly cause: Error) {
    super(`The import stopped: ${cause.message.replace(/\.+$/, '')}. ${result.imported} pictures were imported; import the folder again to carry on.`)
  }
}

const within = (dir: string, root: string): boolean => dir === root || dir.startsWith(root + sep)

async function checkFolder(dir: string, libraryRoot: string): Promise<string> {
  if (!isAbsolute(dir)) throw new ImportFolderError(`Give the folder's full path (got '${dir}')`)
  const folder = resolve(dir)
  const s = await stat(folder).catch(() => null)
  if (!s) throw new ImportFolderError(`There is no folder at ${folder}`)
  if (!s.isDirectory()) throw new ImportFolderError(`${folder} is a file, not a folder`)
  if (within(folder, resolve(libraryRoot))) throw new ImportFolderError(`${folder} is inside the library: its pictures are already there`)
  return folder
}

class Tally {
  readonly counts: ImportCounts = { found: 0, done: 0, imported: 0, duplicates: 0, skipped: 0 }
  readonly skippedFiles: ImportSkip[] = []

  constructor(private readonly dir: string, private readonly opts: ImportOptions) {}

  skip(path: string, reason: SkipReason): void {
    this.counts.skipped++
    const skip = skipOf(path, reason)
    if (this.skippedFiles.length < MAX_NAMED_SKIPS) this.skippedFiles.push(skip)
    this.opts.onSkip?.(skip)
  }

  add(path: string, outcome: FileOutcome): void {
    this.counts.done++
    if (outcome.kind === 'skipped') this.skip(path, outcome.reason)
    else if (outcome.kind === 'imported') this.counts.imported++
    else this.counts.duplicates++
  }

  progress(phase: ImportProgress['phase']): void {
    this.opts.onProgress?.({ phase, dir: this.dir, ...this.counts })
  }

  result(cancelled: boolean): ImportResult {
    return { dir: this.dir, ...this.counts, cancelled, skippedFiles: this.skippedFiles }
  }
}

/** Every file under the folder, the rest named as skipped; progress now and then while it is listed. */
async function listFiles(folder: string, libraryRoot: string, tally: Tally, signal?: AbortSignal): Promise<string[]> {
  const files: string[] = []
  const library = resolve(libraryRoot)
  for await (const found of walkFolder(folder, (dir) => within(dir, library))) {
    if (signal?.aborted) break
    if (found.kind === 'skip') {
      tally.skip(found.path, found.reason)
      continue
    }
    files.push(found.path)
    tally.counts.found = files.length
    if (files.length % 500 === 0) tally.progress('scan')
  }
  return files
}

export async function importFolder(library: Library, dir: string, opts: ImportOptions = {}): Promise<ImportResult> {
  const folder = await checkFolder(dir, library.paths.root)
  const journal = await ImportJournal.open(library.paths.root)
  const ctx: ImportContext = { library, journal, inFlight: new Map(), now: opts.now ?? (() => new Date()) }
  const tally = new Tally(folder, opts)
  let failure: Error | null = null
  try {
    // Pictures a killed import had copied count as imported by this one (and not again when the walk reaches them).
    const recovered = await finishUnfinished(ctx)
    tally.counts.imported += recovered.size
    tally.progress('scan')
    const files = await listFiles(folder, library.paths.root, tally, opts.signal)
    tally.progress('import')
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < files.length && !opts.signal?.aborted && !failure) {
        const path = files[next++]!
        try {
          const outcome = await importFile(ctx, path)
          if (outcome.kind === 'duplicate' && recovered.has(path)) tally.counts.done++
          else tally.add(path, outcome)
          tally.progress('import')
        } catch (err) {
          failure ??= err instanceof Error ? err : new Error(String(err))
        }
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? IMPORT_CONCURRENCY) }, worker))
    const cancelled = tally.counts.done < files.length
    if (failure) throw new ImportStoppedError(tally.result(true), failure)
    tally.progress('done')
    return tally.result(cancelled)
  } finally {
    await journal.close()
  }
}
