// An import of a folder of pictures made by other tools: main copies each file into the
// library with the settings the tool wrote into it, telling the page how far it has got
// (`library.importProgress`), and answers with what it imported and what it skipped, and
// why. One import at a time; Cancel stops it between files, and importing the folder
// again carries on where it stopped (a file already imported is found by its bytes).
import { create } from 'zustand'
import type { ImportProgress, ImportResult } from '../../shared/app/library-import'
import { call, onEvent } from '../api/client'
import { useLibrary } from './library'

interface LibraryImportState {
  running: boolean
  progress: ImportProgress | null
  result: ImportResult | null
  /** Why the import could not start or stopped (the folder missing, not a folder, another import running). */
  error: string | null
  start(dir: string): Promise<void>
  cancel(): Promise<void>
  /** Forgets the last result, for a new import. */
  reset(): void
}

export const useLibraryImport = create<LibraryImportState>((set, get) => ({
  running: false,
  progress: null,
  result: null,
  error: null,
  async start(dir) {
    if (get().running) return
    set({ running: true, progress: null, result: null, error: null })
    const stop = onEvent('library.importProgress', (progress) => set({ progress }))
    try {
      const r = await call('library.import', { dir })
      set(r.ok ? { result: r.data } : { error: r.error.message })
    } finally {
      stop()
      set({ running: false })
      // What was imported shows in the grid, whatever happened after it.
      void useLibrary.getState().refresh()
    }
  },
  async cancel() {
    await call('library.importCancel', {})
  },
  reset() {
    if (!get().running) set({ progress: null, result: null, error: null })
  }
}))
