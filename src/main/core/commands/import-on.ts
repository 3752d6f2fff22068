// The work of `import DIR`, wherever it runs: in the command line's own process, or in the
// app (or a `sync`) holding the data folder for it. Its progress and each file it leaves
// out go out as they happen; the answer carries the counts (each skipped file was already
// told) and, when the library could not be written, why it stopped.
import type { ImportAnswer } from '../../../shared/app/handover'
import type { ImportResult } from '../../../shared/app/library-import'
import { ImportFolderError, ImportStoppedError, type ImportOptions } from '../import/import-folder'
import { EngineRefusal } from '../engine-parts/engine-refusal'
import { HandoverRefusal, type WorkNews } from '../handover/holder-commands'
import { throttledProgress } from '../import/progress-throttle'

export interface ImportRun {
  /** Imports `dir` into the library (Engine.importFolder, or importFolder over an open library). */
  run: (dir: string, options: ImportOptions) => Promise<ImportResult>
  libraryDir: string
}

/** What the answer keeps of a result: the counts; the skipped files went out one by one. */
const counted = (r: ImportResult): ImportResult => ({ ...r, skippedFiles: [] })

export async function importOn(target: ImportRun, dir: string, news: (line: WorkNews) => void, stop: AbortSignal): Promise<ImportAnswer> {
  try {
    const result = await target.run(dir, {
      signal: stop,
      onProgress: throttledProgress((progress) => news({ type: 'progress', progress })),
      onSkip: (skip) => news({ type: 'skipped', ...skip })
    })
    return { result: counted(result), libraryDir: target.libraryDir, stopped: null }
  } catch (err) {
    if (err instanceof ImportStoppedError) return { result: counted(err.result), libraryDir: target.libraryDir, stopped: err.message }
    if (err instanceof ImportFolderError) throw new HandoverRefusal('invalid_input', err.message)
    // One import at a time: the one under way (the app's, say) must end first.
    if (err instanceof EngineRefusal && err.code === 'conflict') throw new HandoverRefusal('busy', err.message)
    throw err
  }
}
