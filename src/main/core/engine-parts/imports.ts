// The imports of folders an engine runs: each can be cancelled, and closing the engine
// stops them all (the files under way finish, whole) before the library closes, so a
// switch of mode or a library move never cuts a picture's import in half.
import type { ImportResult } from '../../../shared/app/library-import'
import { importFolder, type ImportOptions } from '../import/import-folder'
import type { Library } from '../library/library'

export class EngineImports {
  readonly #running = new Map<AbortController, Promise<unknown>>()

  run(library: Library, dir: string, options: ImportOptions): Promise<ImportResult> {
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
