// The team's jobs of the last days, from the service's job list, which shows the whole
// team to admins and owners (and only the caller's own jobs to anyone else).
import type { JobListItem, Me } from '../../../shared/api'
import { canSeeTeam, type TeamJob } from '../../../shared/app/team'
import type { ServiceClient } from '../service/service-client'
import { AppFailure } from './app-errors'

/** A bound on the walk back: 50 pages of 100 jobs. */
const MAX_PAGES = 50

export async function teamJobsSince(service: Pick<ServiceClient, 'listJobs'>, me: Me, sinceMs: number): Promise<JobListItem[]> {
  if (!canSeeTeam(me.user.role)) throw new AppFailure('forbidden', "Only a team's admins and owners see the team's jobs")
  const jobs: JobListItem[] = []
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const list = await service.listJobs({ limit: 100, ...(cursor ? { cursor } : {}) })
    jobs.push(...list.jobs)
    // Newest first: once a page reaches past the window, the rest is older still.
    const oldest = list.jobs.at(-1)
    if (!list.hasMore || !list.nextCursor || (oldest && Date.parse(oldest.createdAt) < sinceMs)) break
    cursor = list.nextCursor
  }
  return jobs.filter((j) => Date.parse(j.completedAt ?? j.createdAt) >= sinceMs)
}

export function toTeamJob(j: JobListItem): TeamJob {
  return { jobId: j.id, model: j.model, status: j.status, progress: j.progress, creditCost: j.creditCost, error: j.error, createdAt: j.createdAt, completedAt: j.completedAt }
}
