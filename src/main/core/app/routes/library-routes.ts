// The library: listing and reading entries, favourites, removing and restoring, repair,
// saving again now, moving the library's folder and showing a file in the file manager.
import { reportLines } from '../../library/repair/repair-report'
import { AppFailure } from '../app-errors'
import type { RouteContext, RouteHandlers } from './route-context'

type LibraryRoute =
  | 'library.list' | 'library.models' | 'library.get' | 'library.setFavorite' | 'library.remove' | 'library.restore' | 'library.repair'
  | 'saving.retryNow' | 'library.move' | 'library.reveal'

export function libraryRoutes(ctx: RouteContext): RouteHandlers<LibraryRoute> {
  return {
    'library.list': async (q) => (await ctx.engine()).listLibrary(q),
    'library.models': async () => (await ctx.engine()).libraryModels(),
    'library.get': async ({ jobId }) => {
      const e = (await ctx.engine()).getEntry(jobId)
      if (!e) throw new AppFailure('not_found', 'Not in the library')
      return e
    },
    'library.setFavorite': async ({ jobIds, favorite }) => ({ changed: await (await ctx.engine()).setFavorite(jobIds, favorite) }),
    'library.remove': async ({ jobId }) => {
      await (await ctx.engine()).removeEntry(jobId)
      ctx.onLibraryRemoved(jobId)
      return null
    },
    'library.restore': async ({ jobId }) => {
      const entry = await (await ctx.engine()).restoreEntry(jobId)
      if (!entry) throw new AppFailure('not_found', 'This item can no longer be restored')
      return entry
    },
    'library.repair': async () => {
      const report = await (await ctx.engine()).repairLibrary()
      for (const jobId of report.dropped) ctx.onLibraryRemoved(jobId)
      return { checked: report.checked, damaged: report.damaged.map((d) => d.file), lines: reportLines(report) }
    },
    'saving.retryNow': async () => {
      ;(await ctx.engine()).retrySavingNow()
      return null
    },
    'library.move': ({ to }) => ctx.moveLibrary(to),
    'library.reveal': async ({ jobId, index }) => {
      const engine = await ctx.engine()
      const file = engine.getEntry(jobId)?.files.find((f) => f.index === index)
      const abs = file?.path ? await engine.resolveLibraryFile(file.path) : null
      if (!abs) throw new AppFailure('not_found', 'That file is not on disk')
      if (!ctx.hooks.revealFile) throw new AppFailure('conflict', 'Showing files is available in the desktop app')
      ctx.hooks.revealFile(abs)
      return null
    }
  }
}
