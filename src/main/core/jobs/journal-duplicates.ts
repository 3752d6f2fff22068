// Which records to drop from a journal that holds more than one record for one service
// job (an earlier version journaled a reused Idempotency-Key's answer as a second job,
// and kept an adopted copy beside the app's own). One record per job is kept: the app's
// own before an adopted one, then the first made, whose request is the job's.
import type { JobRecord } from './job-record'

function keepFirst(a: JobRecord, b: JobRecord): number {
  if (a.origin !== b.origin) return a.origin === 'app' ? -1 : 1
  return a.createdAt.localeCompare(b.createdAt)
}

export function duplicatesToDrop(records: readonly JobRecord[]): JobRecord[] {
  const byJob = new Map<string, JobRecord[]>()
  for (const r of records) {
    if (!r.jobId) continue
    const group = byJob.get(r.jobId)
    if (group) group.push(r)
    else byJob.set(r.jobId, [r])
  }
  const drop: JobRecord[] = []
  for (const group of byJob.values()) {
    if (group.length > 1) drop.push(...[...group].sort(keepFirst).slice(1))
  }
  return drop
}
