// Reading and cancelling jobs: the team's list (newest first, cursor pages, filters),
// one job with its input, and cancel (200 from QUEUED or PROCESSING, 409 otherwise).
import { detailsFromZodError, jobListQuerySchema, type JobList } from '../../shared/api'
import type { Handler, RequestContext } from '../context'
import { fail, invalid, json } from '../http'
import type { JobRecord } from '../state/types'
import { decodeCursor, encodeCursor, jobListItem, jobView } from '../state/views'

/** Query parameters as one object; a repeated `status` joins into its comma list. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of url.searchParams) out[k] = k in out && k === 'status' ? `${out[k]},${v}` : (out[k] ?? v)
  return out
}

function jobOf(ctx: RequestContext): JobRecord {
  const job = ctx.sim.store.jobs.get(ctx.params[0] ?? '')
  if (!job || job.api !== 'v2') throw fail(404, 'Job not found')
  return job
}

export const listJobs: Handler = async ({ url, sim }) => {
  const query = queryObject(url)
  const parsed = jobListQuerySchema.safeParse(query)
  if (!parsed.success) throw invalid(detailsFromZodError(parsed.error, query))
  const q = parsed.data
  const before = q.cursor === undefined ? Infinity : decodeCursor(q.cursor)
  if (before === null) throw invalid({ cursor: ['Invalid cursor'] })
  const all = [...sim.store.jobs.values()].filter((j) => j.api === 'v2')
  const matching = all
    .filter((j) => j.seq < before)
    .filter((j) => !q.status || q.status.length === 0 || q.status.includes(j.status))
    .filter((j) => q.model === undefined || j.model === q.model)
    .filter((j) => q.modality === undefined || j.modality === q.modality)
    .sort((a, b) => b.seq - a.seq)
  const page = matching.slice(0, q.limit)
  const hasMore = matching.length > page.length
  const last = page.at(-1)
  const body: JobList = {
    jobs: page.map((j) => jobListItem(sim, j)),
    nextCursor: hasMore && last ? encodeCursor(last.seq) : null,
    hasMore,
    models: [...new Set(all.map((j) => j.model))].sort()
  }
  return json(200, body)
}

export const getJob: Handler = async (ctx) => json(200, jobView(ctx.sim, jobOf(ctx)))

export const cancelJob: Handler = async (ctx) => {
  const job = jobOf(ctx)
  if (!ctx.sim.runner.cancel(job)) throw fail(409, `Job is ${job.status} and cannot be cancelled`)
  await ctx.sim.store.flush()
  return json(200, jobView(ctx.sim, job))
}
