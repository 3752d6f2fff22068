// Which of my jobs the Queue shows: a filter by where they stand and a search over what
// they are (prompt, model, kind, status), every word of the search matching somewhere.
import { isActive } from '../../../shared/app/job-state'
import type { JobView } from '../../../shared/app/views'
import { displayStatus, statusLabel } from '../../components/jobs/job-status'

export type QueueFilter = 'all' | 'active' | 'done' | 'problems'

export function matchesFilter(job: JobView, filter: QueueFilter): boolean {
  const s = displayStatus(job)
  if (filter === 'active') return isActive(job)
  if (filter === 'done') return s === 'COMPLETED'
  if (filter === 'problems') return s === 'FAILED' || s === 'REJECTED' || s === 'CANCELLED' || job.saved === 'partial' || job.saved === 'lost'
  return true
}

/** True when every word of `query` is found (ignoring case) in the job's prompt, model, kind or status. */
export function matchesSearch(job: JobView, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const haystack = [job.prompt ?? '', job.model, job.kind, statusLabel(displayStatus(job))].join('\n').toLowerCase()
  return words.every((w) => haystack.includes(w))
}

/** The jobs shown, in the order given. */
export function shownJobs(jobs: readonly JobView[], filter: QueueFilter, query: string): JobView[] {
  return jobs.filter((j) => matchesFilter(j, filter) && matchesSearch(j, query))
}
