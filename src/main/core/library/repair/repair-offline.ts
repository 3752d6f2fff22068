// Repair library without the engine: what the command line's `repair` runs. It needs no
// key, no base URL and no network, and sends nothing: it takes the data folder (refusing
// at once, naming the holder, when another process has it), opens the journal (whose
// completed jobs fill in entries rebuilt from their outputs), the library and its boards,
// repairs them from the files with SQLite's own check of the index, and lets them go.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { lockFolder } from '../../fs/folder-lock'
import { JobStore } from '../../jobs/job-store'
import { Library } from '../library'
import { LibraryCollections } from '../collections'
import { repairLibrary } from './library-repair'
import { refillFromFiles } from './refill-index'
import { repairNotice, type RepairReport } from './repair-report'
import type { Notify } from '../../i18n/notice-text'

export interface OfflineRepair {
  /** The data folder of the account (its journal, its lock). */
  dataDir: string
  libraryDir: string
  notice: Notify
}

export async function repairOffline({ dataDir, libraryDir, notice }: OfflineRepair): Promise<RepairReport> {
  await mkdir(dataDir, { recursive: true })
  const release = await lockFolder(dataDir, { waitMs: 0 })
  try {
    const store = await JobStore.open(join(dataDir, 'journal.jsonl'), (text) => notice('warning', text))
    try {
      const library = await Library.open(libraryDir, { onNotice: notice, refill: refillFromFiles(store, [dataDir]) })
      try {
        const collections = await LibraryCollections.open(library, notice)
        const report = await repairLibrary({ library, collections, store, otherFolders: [dataDir], checkIndex: true })
        const message = report.told ? null : repairNotice(report)
        if (message) notice('warning', message)
        return report
      } finally {
        await library.close()
      }
    } finally {
      await store.close()
    }
  } finally {
    await release()
  }
}
