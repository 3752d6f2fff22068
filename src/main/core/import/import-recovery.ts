// Finishes what a killed import left half done. A file marked "placing" in the journal
// either reached its place in the library (its copy was verified before it was moved
// there) and only its entry is missing: the entry is written now, from the copy; or it
// never got there: what is left of it goes, and the original is imported again when the
// folder is. Either way nothing half-imported stays behind.
import { readFile, rm, rmdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { probeMedia } from '../media/probe'
import { copyPath, entryIdOf, finishImport, type ImportContext } from './import-file'
import { clearStaleTemps, sha256 } from './library-copy'

/** Finishes or clears every import the journal says was cut short; returns the originals' paths of those finished. */
export async function finishUnfinished(ctx: ImportContext): Promise<Set<string>> {
  const finished = new Set<string>()
  for (const record of ctx.journal.unfinished()) {
    if (ctx.library.get(record.entryId)?.origin === 'import') {
      await ctx.journal.put({ ...record, state: 'done' })
      continue
    }
    const final = copyPath(ctx.library, record.entryId, record.ext)
    const bytes = await readFile(final).catch(() => null)
    const probe = bytes && entryIdOf(sha256(bytes)) === record.entryId ? await probeMedia(bytes) : null
    if (bytes && probe?.width) {
      await finishImport(ctx, record, bytes, probe)
      finished.add(record.id)
      continue
    }
    if (bytes) await rm(final, { force: true })
    await clearStaleTemps(dirname(final))
    // Only an empty folder goes: one with an entry file is some entry's, and stays.
    await rmdir(dirname(final)).catch(() => undefined)
    await ctx.journal.forget(record.id)
  }
  return finished
}
