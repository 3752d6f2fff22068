// How a new index is filled from the files when the library's index turned out damaged
// while the app runs (see index-rebuild): boards from their copy, deletes from their
// files, entries from the job folders, as the check at start fills a new index.
import type { JobStore } from '../../jobs/job-store'
import type { Library } from '../library'
import type { IndexRefill } from '../index-rebuild'
import { LibraryCollections } from '../collections'
import { repairLibrary } from './library-repair'

/** The refill for a library whose jobs are in `store`; `otherFolders` as repair takes them. */
export function refillFromFiles(store: JobStore, otherFolders: string[]): IndexRefill<Library> {
  return async (fresh, stopped) => {
    const collections = await LibraryCollections.open(fresh)
    try {
      return await repairLibrary({ library: fresh, collections, store, otherFolders, stopped })
    } finally {
      await collections.close()
    }
  }
}
