// The queue: submitting, listing, cancelling, retrying and dismissing jobs, the team's
// jobs, and the estimate shown before a job is sent.
import { estimateCost, parseGenerationRequest, summarizeDetails } from '../../../../shared/api'
import { SPEND_DAYS } from '../../../../shared/app/spend'
import { AppFailure } from '../app-errors'
import { refuseLocalUrls } from '../input-urls'
import { teamJobsSince, toTeamJob } from '../team-jobs'
import type { UploadRoutes } from './upload-routes'
import type { RouteContext, RouteHandlers } from './route-context'

type JobRoute = 'jobs.submit' | 'jobs.list' | 'jobs.cancel' | 'jobs.retry' | 'jobs.dismiss' | 'jobs.team' | 'jobs.estimate'

const QUEUE_LENGTH = 500

export function jobRoutes(ctx: RouteContext, uploads: UploadRoutes): RouteHandlers<JobRoute> {
  return {
    'jobs.submit': async ({ request, inputs }) => {
      const kept = await uploads.jobInputs(request, inputs ?? [])
      const engine = await ctx.engine()
      refuseLocalUrls(request, engine.opts.baseUrl)
      return engine.jobView(await engine.submit(request, kept))
    },
    'jobs.list': async () => {
      const engine = await ctx.engine()
      const shown = engine.jobs().filter((r) => !r.dismissed).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      return shown.slice(0, QUEUE_LENGTH).map((r) => engine.jobView(r))
    },
    'jobs.cancel': async ({ localId }) => {
      const engine = await ctx.engine()
      return engine.jobView(await engine.cancel(localId))
    },
    'jobs.retry': async ({ localId }) => {
      const engine = await ctx.engine()
      // A retry uploads its recorded inputs again; anything else in the request goes as it was.
      const job = engine.jobs().find((r) => r.id === localId)
      if (job && job.kind !== 'legacy') refuseLocalUrls(job.request, engine.opts.baseUrl, new Set(job.inputs.map((i) => i.field)))
      return engine.jobView(await engine.retry(localId))
    },
    'jobs.dismiss': async ({ localId }) => {
      await (await ctx.engine()).dismiss(localId)
      ctx.onDismissed(localId)
      return null
    },
    'jobs.team': async () => {
      const engine = await ctx.engine()
      const jobs = await teamJobsSince({ listJobs: (q) => engine.serviceJobs(q ?? {}) }, await engine.me(), Date.now() - SPEND_DAYS * 24 * 3600_000)
      return jobs.slice(0, QUEUE_LENGTH).map(toTeamJob)
    },
    'jobs.estimate': async ({ request }) => {
      const parsed = parseGenerationRequest(request)
      if (!parsed.ok) throw new AppFailure('validation', `Invalid request: ${summarizeDetails(parsed.details)}`, parsed.details)
      return estimateCost(parsed.model, parsed.request)
    }
  }
}
