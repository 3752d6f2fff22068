// Importing a folder of pictures from other tools: one import at a time, its progress sent
// as events (a few a second at most, and every change of phase), cancelled between files.
import { ImportFolderError } from '../../import/import-folder'
import { AppFailure } from '../app-errors'
import type { RouteContext, RouteHandlers } from './route-context'
import { throttledProgress } from '../../import/progress-throttle'

type ImportRoute = 'library.import' | 'library.importCancel' | 'library.pickImportFolder'

export function importRoutes(ctx: RouteContext): RouteHandlers<ImportRoute> {
  let running: AbortController | null = null
  return {
    'library.import': async ({ dir }) => {
      if (running) throw new AppFailure('conflict', 'A folder is being imported already: cancel it or wait for it to end')
      const stop = new AbortController()
      running = stop
      try {
        return await (await ctx.engine()).importFolder(dir, { signal: stop.signal, onProgress: throttledProgress((p) => ctx.onImportProgress(p)) })
      } catch (err) {
        if (err instanceof ImportFolderError) throw new AppFailure('invalid_input', err.message, { dir: [err.message] })
        throw err
      } finally {
        running = null
      }
    },
    'library.importCancel': async () => {
      const cancelled = running !== null
      running?.abort()
      return { cancelled }
    },
    'library.pickImportFolder': async () => {
      if (!ctx.hooks.pickFolder) throw new AppFailure('conflict', 'Choosing a folder is available in the desktop app; type its path instead')
      return { dir: await ctx.hooks.pickFolder() }
    }
  }
}
