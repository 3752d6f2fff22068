// One look at many running jobs: `GET /v2/jobs?status=QUEUED,PROCESSING`, page by page
// until every job asked about is found or the list ends.
//
// Why a list call rather than one GET per job: a send of 4 or a matrix of 16 runs many
// jobs at once, and a GET each would cost N requests per look (and trip the service's
// per-caller rate limit as N grows), while one list call answers for all of them at the
// cost of one. A job that has ended drops out of the list; it alone is then read with
// GET /v2/jobs/{id} for its result, so the list costs one request more per job than
// GETs would for a job tracked alone. That is why the tracker lists only when at least
// two jobs run, and asks a lone job directly.
import type { JobListItem } from '../../../shared/api'
import type { ServiceClient } from '../service/service-client'

/** The statuses of a job that is still running at the service. */
export const RUNNING_STATUSES = 'QUEUED,PROCESSING'

/** Pages read at most per look; past them, a job not found is asked about on its own. */
const MAX_PAGES = 3

export interface RunningList {
  /** The jobs asked about that were found, by service id. */
  found: Map<string, JobListItem>
  /** True when the list was read to its end: a job asked about and not found is no longer running. */
  complete: boolean
}

export async function listRunning(client: ServiceClient, wanted: ReadonlySet<string>): Promise<RunningList> {
  const found = new Map<string, JobListItem>()
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const list = await client.listJobs({ limit: 100, status: RUNNING_STATUSES, ...(cursor ? { cursor } : {}) })
    for (const item of list.jobs) if (wanted.has(item.id)) found.set(item.id, item)
    if (!list.hasMore || !list.nextCursor) return { found, complete: true }
    if (found.size === wanted.size) return { found, complete: false }
    cursor = list.nextCursor
  }
  return { found, complete: false }
}
