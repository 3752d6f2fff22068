// `cli import DIR`: the pictures of a folder into the library, offline and without a key.
// Handed to the process holding the data folder when there is one (hand-over.ts);
// otherwise it holds the folder itself while it works (serving command lines meanwhile,
// with a refusal: it runs nothing else) and imports into the library where the last move
// put it (library-location.ts), never into a folder a move left behind. Either way it
// prints its progress now and then and each file it leaves out with why, and exits 0 when
// it imported what it could (see exit-codes.ts). Ctrl+C stops it between files; running
// it again carries on.
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { ImportAnswer } from '../../shared/app/handover'
import type { ImportProgress, ImportResult } from '../../shared/app/library-import'
import { lockFolder } from '../core/fs/folder-lock'
import { importFolder, type ImportOptions } from '../core/import/import-folder'
import { importOn } from '../core/commands/import-on'
import { skipReasonText } from '../core/import/import-messages'
import { HandoverDoor } from '../core/handover/handover-door'
import { HandoverRefusal, type WorkNews } from '../core/handover/holder-commands'
import { Library } from '../core/library/library'
import { UsageError } from './args'
import { EXIT } from './exit-codes'
import { cancellable } from './stop-signals'
import { accountDirOf, libraryForCommand } from './library-location'
import { renderNotice } from '../core/i18n/notice-text'
import { tm } from '../core/i18n/main-i18n'

type Out = (line: string) => void

/** A progress line at most this often: a folder of 100,000 files must not print 100,000 lines. */
const PROGRESS_EVERY_MS = 2000

function progressLine(p: ImportProgress): string {
  const { found, done, imported, duplicates, skipped } = p
  return p.phase === 'scan' ? tm('cli:import.scanning', { found }) : tm('cli:import.importing', { done, found, imported, duplicates, skipped })
}

function summary(r: ImportResult, libraryDir: string): string {
  return tm('cli:import.summary', { imported: r.imported, libraryDir, duplicates: r.duplicates, skipped: r.skipped, found: r.found, dir: r.dir })
}

/** Prints an import's news as it comes: each file left out, and its progress now and then. */
export function importNewsPrinter(out: Out): (news: WorkNews) => void {
  let lastPrinted = Date.now()
  return (news) => {
    if (news.type === 'skipped') return out(tm('cli:import.skipped', { path: news.path, reason: skipReasonText(news) }))
    if (news.progress.phase === 'done' || Date.now() - lastPrinted < PROGRESS_EVERY_MS) return
    lastPrinted = Date.now()
    out(progressLine(news.progress))
  }
}

/** Prints how an import ended; `interrupted` when this command's Ctrl+C stopped it. */
export function printImport(answer: ImportAnswer, interrupted: boolean, out: Out, err: Out): number {
  const { result } = answer
  out(summary(result, answer.libraryDir))
  if (answer.stopped) {
    err(answer.stopped)
    return EXIT.failed
  }
  if (result.cancelled) {
    err(tm(interrupted ? 'cli:import.stoppedHere' : 'cli:import.stoppedThere'))
    return interrupted ? EXIT.interrupted : EXIT.folderHeld
  }
  if (result.imported + result.duplicates > 0) return EXIT.ok
  err(tm(result.found === 0 ? 'cli:import.nothingNoFiles' : 'cli:import.nothingNoPictures', { dir: result.dir }))
  return EXIT.nothingImported
}

/** The import run in this process, holding the data folder (refused at once, FolderBusyError naming the holder, when another has it). */
export async function importCommand(dataDir: string, dir: string, out: Out, err: Out): Promise<number> {
  const accountDir = accountDirOf(dataDir)
  await mkdir(accountDir, { recursive: true })
  const release = await lockFolder(accountDir, { waitMs: 0 })
  // Command lines started meanwhile are told this process runs nothing but its import.
  const door = new HandoverDoor({ dir: accountDir, commands: () => ({}), holder: tm('cli:import.asHolder'), notice: err })
  let library: Library | null = null
  try {
    // Found once the folder is held: no move of the library can be under way then.
    const libraryDir = await libraryForCommand(dataDir, err)
    if (libraryDir === null) return EXIT.failed
    library = await Library.open(libraryDir, { onNotice: (_level, text) => err(renderNotice(text)) })
    await door.open()
    const open = library
    const target = { run: (d: string, options: ImportOptions) => importFolder(open, d, options), libraryDir: open.paths.root }
    let interrupted = false
    const answer = await cancellable((signal) => {
      signal.addEventListener('abort', () => (interrupted = true))
      return importOn(target, resolve(dir), importNewsPrinter(out), signal)
    })
    return printImport(answer, interrupted, out, err)
  } catch (error) {
    if (error instanceof HandoverRefusal && error.code === 'invalid_input') throw new UsageError(error.message)
    throw error
  } finally {
    await door.close()
    await library?.close()
    await release()
  }
}
