// The legacy video endpoint in the engine's terms: its task result becomes a Job, so the
// tracker, the downloads and the library treat legacy videos like any other output.
import type { Job, LegacyTaskResult } from '../../../shared/api'
import type { JobRecord } from './job-record'

export function legacyToJob(task: LegacyTaskResult, record: JobRecord): Job {
  const finished = task.status === 'finished'
  return {
    id: task.task_id,
    status: finished ? 'COMPLETED' : 'PROCESSING',
    model: record.model,
    progress: Math.max(0, Math.min(100, Math.round(task.percentage))),
    result: finished && task.video_url ? { videos: [task.video_url] } : null,
    error: null,
    creditCost: record.creditCost,
    webhookStatus: null,
    createdAt: record.createdAt,
    completedAt: finished ? (record.completedAt ?? new Date().toISOString()) : null,
    expired: false
  }
}
