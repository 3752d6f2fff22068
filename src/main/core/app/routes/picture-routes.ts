// The library's pictures beside one another: "Find similar", the Duplicates view and its
// "keep the best, remove the rest" (entries moved to the trash as one action, and brought
// back as one), an entry's lineage, and how far the measuring of older pictures has got.
import type { LibraryEntry } from '../../../../shared/app/views'
import type { RouteContext, RouteHandlers } from './route-context'

type PictureRoute = 'library.similar' | 'library.duplicates' | 'library.removeMany' | 'library.restoreMany' | 'library.lineage' | 'library.lookProgress'

const NOT_IN_LIBRARY = 'Not in the library'

export function pictureRoutes(ctx: RouteContext): RouteHandlers<PictureRoute> {
  return {
    'library.similar': async (q) => (await ctx.engine()).pictures.similar(q),
    'library.duplicates': async (q) => (await ctx.engine()).pictures.duplicates(q),
    'library.lineage': async ({ jobId }) => (await ctx.engine()).pictures.lineage(jobId),
    'library.lookProgress': async () => (await ctx.engine()).pictures.progress(),
    // One after another, each to the trash as `library.remove` does: what was removed
    // before a failure (a full disk) stays removed, and the answer says which.
    'library.removeMany': async ({ jobIds }) => {
      const engine = await ctx.engine()
      const removed: string[] = []
      const notRemoved: { jobId: string; reason: string }[] = []
      for (const jobId of new Set(jobIds)) {
        if (!engine.getEntry(jobId)) {
          notRemoved.push({ jobId, reason: NOT_IN_LIBRARY })
          continue
        }
        try {
          await engine.removeEntry(jobId)
          removed.push(jobId)
          ctx.onLibraryRemoved(jobId)
        } catch (err) {
          notRemoved.push({ jobId, reason: ctx.redact((err as Error).message) })
        }
      }
      return { removed, notRemoved }
    },
    'library.restoreMany': async ({ jobIds }) => {
      const engine = await ctx.engine()
      const restored: LibraryEntry[] = []
      for (const jobId of new Set(jobIds)) {
        const entry = await engine.restoreEntry(jobId)
        if (entry) restored.push(entry)
      }
      return { restored }
    }
  }
}
