// What an engine is started with, and what it tells whoever drives it.
import type { JobView, LibraryEntry } from '../../../shared/app/views'
import type { ProfileOverride } from '../../../shared/api'
import type { SpendLimits } from '../../../shared/app/spend-limits'
import type { JobRecord } from '../jobs/job-record'
import type { DownloadFs } from '../downloads/download-fs'
import type { WebhookMode } from './webhooks'
import type { TrackerOptions } from '../jobs/tracker'
import type { NoticePayload } from '../i18n/notice-text'

export interface EngineOptions {
  /** Folder of this account's journal and library (the demo's is kept apart). */
  dataDir: string
  baseUrl: string
  legacyBaseUrl: string
  apiKey: () => string | null
  /** Why submissions are held instead of sent (see Submitter), or null. */
  holdReason?: () => string | null
  /** The library's folder, when it was moved out of `<dataDir>/library`. */
  libraryDir?: string
  /** `libraryDir` is where a move put the library: if it is missing the start is refused, not made afresh. */
  libraryMoved?: boolean
  webhooks: { mode: WebhookMode; publicUrl?: string; port?: number }
  retentionMs?: () => number
  concurrentDownloads?: number
  profileOverride?: ProfileOverride
  /** Rescue at start and then every this many ms (0: only at start). */
  rescueEveryMs?: number
  timeoutMs?: number
  /** How long to wait for another process to release the data folder (default: as long as it takes). */
  lockWaitMs?: number
  /** After how long an unrefreshed folder lock counts as abandoned (tests shorten it). */
  lockStaleMs?: number
  /** True while the user is using the app: work in the background then rests longer. */
  userAtWork?: () => boolean
  /** The spending limits every send is held to, read at each send (none when not given). */
  spendLimits?: () => SpendLimits
  /** File-system calls of the downloads (tests inject failures). */
  downloadFs?: DownloadFs
  /** How running jobs are polled: their schedule, and whether a list call reads many at once (the benchmark compares them). */
  polling?: Pick<TrackerOptions, 'schedule' | 'listRunning'>
  /** Where the command line hands its work to this engine while it holds the folder (see core/handover). */
  door?: FolderDoor
}

/** Opened once the folder's files are open; closed before they are, and when the folder is lost. Neither throws. */
export interface FolderDoor {
  open(): Promise<void>
  close(): Promise<void>
}

export type EngineNotice = NoticePayload

export interface EngineEvents {
  job: [JobView]
  library: [LibraryEntry]
  terminal: [JobRecord]
  notice: [EngineNotice]
}
