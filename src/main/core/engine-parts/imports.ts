// The imports of folders an engine runs, one at a time, the page's and the command line's
// alike (a second import's start finishes what the journal says is half done, which would
// be the first one's files under way). Each can be cancelled, and closing the engine stops
// them all (the files under way finish, whole) before the library closes, so a switch of
// mode or a library move never cuts a picture's import in half.
import type { ImportResult } from '../../../shared/app/library-import'
import { importFolder, type ImportOptions } from '../import/import-folder'
import type { Library } from '../library/library'
import { EngineRefusal } from './engine-refusal'

const ONE_AT_A_TIME = 'A folder is being imported already: cancel it or wait for it to end'

export class EngineImports {
  readonly #running = new Map<AbortController, Promise<unknown>>()

  run(library: Library, dir: string, options: ImportOptions): Promise<ImportResult> {
    if (this.#running.size > 0) return Promise.reject(new EngineRefusal('conflict', ONE_AT_A_TIME))
    const stop = new AbortController()
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
    const done = importFolder(library, dir, { ...options, signal })
    this.#running.set(stop, done)
    return done.finally(() => this.#running.delete(stop))
  }

  /** Stops every import and waits for the files under way. */
  async stopAll(): Promise<void> {
    for (const stop of this.#running.keys()) stop.abort()
    await Promise.allSettled([...this.#running.values()])
  }
}
