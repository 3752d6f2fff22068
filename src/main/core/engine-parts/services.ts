// The parts of a running engine that own the data folder's files: the journal, the
// library and its collections, the LoRA timelines, and the workers that write them. They
// are built here, in one place, and handed back as one bundle the engine keeps private.
import { join } from 'node:path'
import { isRunning } from '../../../shared/app/job-state'
import type { JobView, LibraryEntry } from '../../../shared/app/views'
import { JobStore } from '../jobs/job-store'
import { toJobView, type JobRecord } from '../jobs/job-record'
import { Submitter } from '../jobs/submitter'
import { Tracker, type TrackerOptions } from '../jobs/tracker'
import { SpendGuard } from '../jobs/spend-guard'
import { JOURNAL_FILE } from '../jobs/journal-on-disk'
import type { SpendLimits } from '../../../shared/app/spend-limits'
import { Rescue } from '../jobs/rescue'
import { Library } from '../library/library'
import { refillFromFiles } from '../library/repair/refill-index'
import { LibraryCollections } from '../library/collections'
import { SmartCollections } from '../library/smart-collections'
import { Curation } from '../library/curation'
import { Saver } from '../library/saver'
import { LibraryPictures } from '../library/pictures/library-pictures'
import type { BackfillOptions } from '../library/pictures/picture-backfill'
import { LoraWatch, listAllLoras } from '../loras/lora-watch'
import { loadOrCreateSecret } from '../webhooks/legacy-secret'
import type { ServiceClient } from '../service/service-client'
import type { DownloadFs } from '../downloads/download-fs'
import type { EngineLog } from '../log/engine-log'
import type { Notify } from '../i18n/notice-text'

export interface EngineServices {
  store: JobStore
  library: Library
  collections: LibraryCollections
  /** Tags, folders of boards, smart collections, files by their bytes. */
  curation: Curation
  /** LoRAs in training, looked at while the app runs; their timelines survive a restart. */
  loras: LoraWatch
  saver: Saver
  tracker: Tracker
  submitter: Submitter
  /** The spending limits every send is held to (see SpendGuard). */
  spend: SpendGuard
  rescue: Rescue
  /** The secret the legacy endpoint echoes in its webhooks. */
  legacySecret: string
  /** Find similar, duplicates, lineage, and the pass that measures older pictures. */
  pictures: LibraryPictures
}

/** What the services need from the engine that opens them. */
export interface ServiceWiring {
  dataDir: string
  libraryDir: string
  client: ServiceClient
  log: () => EngineLog
  retentionMs: () => number
  concurrentDownloads: number
  downloadFs?: DownloadFs
  holdReason?: () => string | null
  refuseReason: () => string | null
  /** The spending limits as the settings have them now; none when not given. */
  spendLimits?: () => SpendLimits
  webhooksOn: () => boolean
  webhookFields: () => { webhookUrl?: string; webhookEvents?: string[] }
  notice: Notify
  jobChanged: (view: JobView) => void
  libraryChanged: (entry: LibraryEntry) => void
  onTerminal: (record: JobRecord) => void
  /** How jobs are polled (the benchmark compares schedules); the tracker's defaults otherwise. */
  polling?: Pick<TrackerOptions, 'schedule' | 'listRunning'>
  /** Runs once the library and its collections are open, before anything else reads them. */
  checkLibrary: (parts: Pick<EngineServices, 'store' | 'library' | 'collections'>) => Promise<void>
  /** The pass over the pictures: when it may begin (after the check at start), its pace and its progress. */
  pictures?: Pick<BackfillOptions, 'checked' | 'userAtWork' | 'progress'>
}

/** The page's view of a job, with why its outputs are waiting to be saved, if they are. */
export function jobViewOf(saver: Saver, record: JobRecord): JobView {
  const waiting = record.jobId ? saver.waitingFor(record.jobId) : null
  if (!waiting || !record.jobId) return { ...toJobView(record), saveWaiting: waiting }
  // A full disk is worth a notification of its own: say so apart from the reason's words.
  const diskFull = saver.status.forJob(record.jobId).some((w) => w.cause === 'disk_full')
  return { ...toJobView(record), saveWaiting: { ...waiting, diskFull } }
}

/** Opens the folder's files and builds the parts that write them. */
export async function openServices(w: ServiceWiring): Promise<EngineServices> {
  const store = await JobStore.open(join(w.dataDir, JOURNAL_FILE), (message) => w.notice('warning', message))
  const library = await Library.open(w.libraryDir, { onNotice: w.notice, refill: refillFromFiles(store, [w.dataDir]) })
  const collections = await LibraryCollections.open(library, w.notice)
  const smart = await SmartCollections.open(library.paths.root, () => library.index, w.notice)
  await w.checkLibrary({ store, library, collections })
  const pictures = new LibraryPictures(library, w.pictures)
  pictures.start()
  const loras = await LoraWatch.open(w.dataDir, { list: () => listAllLoras(w.client) })
  const legacySecret = await loadOrCreateSecret(join(w.dataDir, 'legacy-webhook-secret'))
  const saver = new Saver({
    library,
    store,
    retentionMs: w.retentionMs,
    concurrency: w.concurrentDownloads,
    ...(w.downloadFs ? { fs: w.downloadFs } : {}),
    onNotice: w.notice,
    onEvent: (event, fields) => w.log()[event === 'save-lost' ? 'error' : event === 'save-resumed' ? 'info' : 'warn'](event, fields),
    onWaitingChanged: (jobId) => {
      const record = store.byServiceId(jobId)
      if (record) w.jobChanged(jobViewOf(saver, record))
    }
  })
  store.onChange((r) => w.jobChanged(jobViewOf(saver, r)))
  library.onChange(w.libraryChanged)
  const client = () => w.client
  const tracker = new Tracker({ store, client, webhooksEnabled: w.webhooksOn, onTerminal: w.onTerminal, ...w.polling })
  const spend = new SpendGuard({ records: () => store.all(), has: (id) => store.get(id) !== undefined, ...(w.spendLimits ? { limits: w.spendLimits } : {}) })
  const submitter = new Submitter({
    store,
    client,
    webhookFields: w.webhookFields,
    refuseReason: w.refuseReason,
    spend,
    ...(w.holdReason ? { holdReason: w.holdReason } : {})
  })
  const rescue = new Rescue({
    store,
    client,
    inLibrary: (id) => library.has(id) || library.isDeleted(id),
    onCompleted: (r) => saver.handleTerminal(r),
    onActive: (r) => tracker.track(r.id),
    retentionMs: w.retentionMs
  })
  store.onChange((r) => {
    // A newly accepted job is first asked about on its schedule, not at once: it is
    // QUEUED for a while, and with webhooks the news comes by itself.
    if (isRunning(r)) tracker.follow(r.id)
  })
  return { store, library, collections, curation: new Curation(library, collections, smart), loras, saver, tracker, submitter, spend, rescue, legacySecret, pictures }
}

/**
 * Closes every writer of the folder's files. Each close takes effect before its first
 * await (downloads are aborted, logs refuse further lines), so nothing more is written.
 */
export async function closeServices(s: EngineServices): Promise<void> {
  s.tracker.close()
  // The pass over the pictures writes entries: it ends before the library closes.
  await s.pictures.close()
  await Promise.allSettled([s.saver.close(), s.store.close(), s.collections.close(), s.loras.close(), s.library.close()])
}
