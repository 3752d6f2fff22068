// The queue: submitting (one job, or one confirmed send of several), listing, cancelling,
// retrying and dismissing jobs, the team's jobs, and the estimate shown before a job is
// sent. Every job sent counts against the jobs-per-minute cap (see SendLimiter).
import { estimateCost, parseGenerationRequest, summarizeDetails } from '../../../../shared/api'
import { SPEND_DAYS } from '../../../../shared/app/spend'
import type { JobView } from '../../../../shared/app/views'
import type { RouteInput, RouteOutput } from '../../../../shared/contract'
import type { Engine } from '../../engine'
import { AppFailure, toAppError } from '../app-errors'
import type { SendLimiter } from '../send-limiter'
import { teamJobsSince, toTeamJob } from '../team-jobs'
import type { UploadRoutes } from './upload-routes'
import type { RouteContext, RouteHandlers } from './route-context'

type JobRoute = 'jobs.submit' | 'jobs.submitConfirmed' | 'jobs.list' | 'jobs.cancel' | 'jobs.retry' | 'jobs.dismiss' | 'jobs.team' | 'jobs.estimate'
type Submission = RouteInput<'jobs.submit'>
type Answers = RouteOutput<'jobs.submitConfirmed'>

const QUEUE_LENGTH = 500
/** Jobs of one confirmation journaled and sent at once: quick, without crowding the engine. */
const AT_ONCE = 6

/** Runs `task` on every item, at most `limit` at a time; the answers keep the items' order. */
async function eachAtMost<T, R>(limit: number, items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const answers = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      answers[i] = await task(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return answers
}

export function jobRoutes(ctx: RouteContext, uploads: UploadRoutes, sends: SendLimiter): RouteHandlers<JobRoute> {
  const submit = async (engine: Engine, { request, inputs }: Submission): Promise<JobView> => {
    const kept = await uploads.jobInputs(request, inputs ?? [])
    return engine.jobView(await engine.submit(request, kept))
  }
  return {
    'jobs.submit': async (submission) => {
      const engine = await ctx.engine()
      sends.take(1)
      return submit(engine, submission)
    },
    // Checked whole (its size by the contract, the rate here) before any job is sent; then
    // each job is answered for itself, as `jobs.submit` would answer it.
    'jobs.submitConfirmed': async ({ jobs }) => {
      const engine = await ctx.engine()
      sends.take(jobs.length)
      // Several jobs sent together end in one notification, when the last has ended.
      const tracker = jobs.length > 1 ? ctx.beginSend(jobs.length) : null
      try {
        return await eachAtMost(AT_ONCE, jobs, async (job): Promise<Answers[number]> => {
          try {
            const view = await submit(engine, job)
            tracker?.joined(view.localId)
            return { ok: true, job: view }
          } catch (err) {
            tracker?.refused()
            return { ok: false, error: toAppError(err, (text) => ctx.redact(text)) }
          }
        })
      } finally {
        tracker?.answered()
      }
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
      sends.take(1)
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
