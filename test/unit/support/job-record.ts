// A journal record of one image job, as the engine writes it, for tests that put one in a
// journal or hand one to a part of the engine. Every field can be given; the rest are
// those of a job the service accepted and has not finished.
import type { JobRecord } from '../../../src/main/core/jobs/job-record'

export function jobRecord(over: Partial<JobRecord> = {}): JobRecord {
  const id = over.id ?? 'local-1'
  const now = new Date().toISOString()
  return {
    id, idempotencyKey: id, kind: 'image', model: 'i1-1', request: { model: 'i1-1', prompt: id }, inputs: [],
    submission: 'accepted', jobId: `job-${id}`, status: 'PROCESSING', progress: 0, error: null, creditCost: 1, origin: 'app',
    createdAt: now, updatedAt: now, completedAt: null, expired: false, saved: 'none', sendAttempts: 1, dismissed: false,
    ...over
  }
}

/** A record journaled but not yet sent: what a crash or a dropped network leaves behind. */
export function unsentRecord(over: Partial<JobRecord> = {}): JobRecord {
  return jobRecord({ submission: 'journaled', jobId: null, status: null, progress: null, creditCost: null, sendAttempts: 0, ...over })
}
