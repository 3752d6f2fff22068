// What a tile says about its files on disk: saved, waiting to be saved (with the time left
// before the service purges the original), or lost (with the reason).
import { formatDuration } from '../../format/numbers'
import { t } from '../../i18n/page-i18n'
import type { JobView, LibraryEntry } from '../../../shared/app/views'
import { useJobs } from '../../stores/jobs'

export type EntryStatus = 'saved' | 'waiting' | 'lost'

/** The same rule as the index's status filter: lost wins over waiting, waiting over saved. */
export function entryStatus(entry: LibraryEntry): EntryStatus {
  if (entry.files.some((f) => f.state === 'lost')) return 'lost'
  if (entry.files.some((f) => f.state === 'pending')) return 'waiting'
  return 'saved'
}

/** The first loss reason recorded on the entry's files (as main wrote it), or null when none was. */
export function lostReason(entry: LibraryEntry): string | null {
  return entry.files.find((f) => f.state === 'lost')?.lostReason ?? null
}

/** "Waiting, purged in 3 h 20 min" from the job's save-waiting deadline, or null when none is known. */
export function purgeCountdown(waiting: JobView['saveWaiting'], now: number): string | null {
  if (!waiting) return null
  const left = Date.parse(waiting.purgeAt) - now
  return left > 0 ? t('gallery:tile.waitingPurge', { time: formatDuration(left) }) : t('gallery:tile.waitingPastPurge')
}

// Job views are keyed by local id; tiles know the service's job id. One lookup table per
// jobs snapshot serves every tile on screen.
let indexed: { byId: Record<string, JobView>; waiting: Map<string, NonNullable<JobView['saveWaiting']>> } | null = null
function waitingByJobId(byId: Record<string, JobView>) {
  if (indexed?.byId !== byId) {
    const waiting = new Map<string, NonNullable<JobView['saveWaiting']>>()
    for (const job of Object.values(byId)) if (job.jobId && job.saveWaiting) waiting.set(job.jobId, job.saveWaiting)
    indexed = { byId, waiting }
  }
  return indexed.waiting
}

/** Why and until when this job's outputs wait to be saved, when the app knows. */
export function useSaveWaiting(jobId: string): JobView['saveWaiting'] {
  return useJobs((s) => waitingByJobId(s.byId).get(jobId) ?? null)
}
