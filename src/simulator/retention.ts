// CDN retention: a completed job's files are purged `retention` after it completed and
// an upload's one hour after it was made. Expiry is computed lazily from the record's
// times whenever it is looked at (so the service's clock can be moved in tests), and
// the files are deleted then; a periodic sweep catches what nobody looks at.
import type { ServiceState } from './service-state'
import type { JobRecord, UploadRecord } from './state/types'

export const UPLOAD_TTL_MS = 3600 * 1000

export function isJobExpired(sim: ServiceState, job: JobRecord): boolean {
  if (job.purged) return true
  if (job.status !== 'COMPLETED' || job.completedAt === null) return false
  if (sim.store.now() < job.completedAt + sim.config.retentionMs) return false
  job.purged = true
  sim.store.changed()
  sim.files.remove('jobs', job.id).catch((err: unknown) => sim.log(`could not purge job ${job.id}: ${String(err)}`))
  return true
}

export function isUploadExpired(sim: ServiceState, upload: UploadRecord): boolean {
  if (upload.purged) return true
  if (sim.store.now() < upload.expiresAt) return false
  upload.purged = true
  sim.store.changed()
  sim.files.remove('uploads', upload.id).catch((err: unknown) => sim.log(`could not purge upload ${upload.id}: ${String(err)}`))
  return true
}

export function sweep(sim: ServiceState): void {
  for (const job of sim.store.jobs.values()) isJobExpired(sim, job)
  for (const upload of sim.store.uploads.values()) isUploadExpired(sim, upload)
  sim.store.pruneIdempotency()
}
