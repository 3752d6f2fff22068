// `cli import DIR`: the pictures of a folder into the library, offline and without a key.
// It holds the data folder while it works (refused at once, naming the holder, when the
// app or a sync has it), prints its progress now and then and each file it leaves out
// with why, and exits 0 when it imported what it could (see exit-codes.ts). Ctrl+C stops
// it between files; running it again carries on.
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { ImportProgress, ImportResult } from '../../shared/app/library-import'
import { lockFolder } from '../core/fs/folder-lock'
import { importFolder, ImportFolderError, ImportStoppedError } from '../core/import/import-folder'
import { Library } from '../core/library/library'
import { UsageError } from './args'
import { EXIT } from './exit-codes'
import { renderNotice } from '../core/i18n/notice-text'

type Out = (line: string) => void

/** A progress line at most this often: a folder of 100,000 files must not print 100,000 lines. */
const PROGRESS_EVERY_MS = 2000

function progressLine(p: ImportProgress): string {
  return p.phase === 'scan' ? `scanning: ${p.found} files found` : `importing: ${p.done} of ${p.found} files (${p.imported} imported, ${p.duplicates} already there, ${p.skipped} skipped)`
}

function summary(r: ImportResult, libraryDir: string): string {
  return `import: ${r.imported} imported into ${libraryDir}, ${r.duplicates} already there, ${r.skipped} skipped, of ${r.found} files in ${r.dir}`
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const

/**
 * Runs `work` with Ctrl+C and SIGTERM turned into a cancel of it; a second one ends the
 * process at once (safe too: the next import finishes what was under way). Other
 * listeners are set aside meanwhile: the folder lock's exit hook re-raises any signal it
 * thinks nobody else handles, which would end the process before the files under way are
 * done (the lock is released in any case, by the caller or by the hook at exit).
 */
async function cancellable<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController()
  const onSignal = () => (stop.signal.aborted ? process.exit(EXIT.interrupted) : stop.abort())
  const others = STOP_SIGNALS.map((s) => process.listeners(s))
  for (const s of STOP_SIGNALS) {
    process.removeAllListeners(s)
    process.on(s, onSignal)
  }
  try {
    return await work(stop.signal)
  } finally {
    STOP_SIGNALS.forEach((s, i) => {
      process.off(s, onSignal)
      for (const listener of others[i]!) process.on(s, listener)
    })
  }
}

export async function importCommand(dataDir: string, dir: string, out: Out, err: Out): Promise<number> {
  const accountDir = join(dataDir, 'live')
  await mkdir(accountDir, { recursive: true })
  // A folder another process holds is refused at once (FolderBusyError names it).
  const release = await lockFolder(accountDir, { waitMs: 0 })
  let library: Library | null = null
  try {
    library = await Library.open(join(accountDir, 'library'), { onNotice: (_level, text) => err(renderNotice(text)) })
    const libraryDir = library.paths.root
    let lastPrinted = Date.now()
    const result = await cancellable((signal) =>
      importFolder(library!, resolve(dir), {
        signal,
        onSkip: (path, reason) => out(`skipped ${path}: ${reason}`),
        onProgress: (p) => {
          if (p.phase === 'done' || Date.now() - lastPrinted < PROGRESS_EVERY_MS) return
          lastPrinted = Date.now()
          out(progressLine(p))
        }
      })
    )
    out(summary(result, libraryDir))
    if (result.cancelled) {
      err('Stopped before the end: run the same command again to carry on.')
      return EXIT.interrupted
    }
    if (result.imported + result.duplicates > 0) return EXIT.ok
    err(`Nothing in ${result.dir} could be imported: ${result.found === 0 ? 'it holds no files' : 'none of its files is a picture this app can read'}.`)
    return EXIT.nothingImported
  } catch (error) {
    if (error instanceof ImportFolderError) throw new UsageError(error.message)
    if (!(error instanceof ImportStoppedError)) throw error
    out(summary(error.result, library?.paths.root ?? accountDir))
    err(error.message)
    return EXIT.failed
  } finally {
    await library?.close()
    await release()
  }
}
