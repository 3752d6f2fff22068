// The queue: submitting (one job, or one confirmed send of several), listing, cancelling,
// retrying and dismissing jobs, the team's jobs, and the estimate shown before a job is
// sent. Every job sent counts against the jobs-per-minute cap (see SendLimiter) and is held
// to the spending limits (see SpendGuard): a confirmed send of several jobs as a whole.
import { estimateCost, parseGenerationRequest, summarizeDetails } from '../../../../shared/api'
import { SPEND_DAYS } from '../../../../shared/app/spend'
import type { JobView, LibraryInput } from '../../../../shared/app/views'
import type { RouteInput, RouteOutput } from '../../../../shared/contract'
import type { Engine } from '../../engine'
import type { SpendSlot } from '../../jobs/spend-guard'
import { AppFailure, toAppError } from '../app-errors'
import type { SendLimiter } from '../send-limiter'
import { refuseLocalUrls } from '../input-urls'
import { teamJobsSince, toTeamJob } from '../team-jobs'
import { estimatedCredits } from '../../jobs/spend-ledger'
import type { UploadRoutes } from './upload-routes'
import type { RouteContext, RouteHandlers } from './route-context'

type JobRoute = 'jobs.submit' | 'jobs.submitConfirmed' | 'jobs.list' | 'jobs.cancel' | 'jobs.retry' | 'jobs.dismiss' | 'jobs.team' | 'jobs.estimate'
type Submission = Omit<RouteInput<'jobs.submit'>, 'spendConfirmed'>
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

/**
 * Holds the jobs' credits against the spending limits, then counts them against the rate:
 * both, or neither and a refusal. The slots are released once each job is journaled or not.
 */
function holdAndCount(engine: Engine, sends: SendLimiter, jobs: readonly Submission[], confirmed: boolean | undefined): SpendSlot[] {
  const slots = engine.spending.reserve(jobs.map((j) => estimatedCredits(j.request)), confirmed)
  try {
    sends.take(jobs.length)
  } catch (err) {
    for (const slot of slots) slot.release()
    throw err
  }
  return slots
}

export function jobRoutes(ctx: RouteContext, uploads: UploadRoutes, sends: SendLimiter): RouteHandlers<JobRoute> {
  // The job's inputs must be uploads main made, and its addresses this service's (see
  // input-urls): checked before anything is held, counted or sent.
  const checked = async (engine: Engine, { request, inputs }: Submission) => {
    const kept = await uploads.jobInputs(request, inputs ?? [])
    refuseLocalUrls(request, engine.opts.baseUrl)
    return kept
  }
  const send = async (engine: Engine, request: Submission['request'], kept: LibraryInput[], slot: SpendSlot): Promise<JobView> => {
    try {
      return engine.jobView(await engine.submit(request, kept, undefined, { slot }))
    } finally {
      slot.release()
    }
  }
  return {
    'jobs.submit': async ({ spendConfirmed, ...submission }) => {
      const engine = await ctx.engine()
      const kept = await checked(engine, submission)
      const [slot] = holdAndCount(engine, sends, [submission], spendConfirmed)
      return send(engine, submission.request, kept, slot!)
    },
    // Checked whole (its size by the contract, the rate and the spending limits here) before
    // any job is sent; then each job is answered for itself, as `jobs.submit` would answer it.
    'jobs.submitConfirmed': async ({ jobs, spendConfirmed }) => {
      const engine = await ctx.engine()
      // A job naming another service's local address refuses the whole send.
      for (const job of jobs) refuseLocalUrls(job.request, engine.opts.baseUrl)
      const slots = holdAndCount(engine, sends, jobs, spendConfirmed)
      // Several jobs sent together end in one notification, when the last has ended.
      const tracker = jobs.length > 1 ? ctx.beginSend(jobs.length) : null
      try {
        return await eachAtMost(AT_ONCE, jobs.map((job, i) => ({ job, slot: slots[i]! })), async ({ job, slot }): Promise<Answers[number]> => {
          try {
            const view = await send(engine, job.request, await checked(engine, job), slot)
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
    'jobs.retry': async ({ localId, spendConfirmed }) => {
      const engine = await ctx.engine()
      // A retry uploads its recorded inputs again; anything else in the request goes as it was.
      const job = engine.jobs().find((r) => r.id === localId)
      if (job && job.kind !== 'legacy') refuseLocalUrls(job.request, engine.opts.baseUrl, new Set(job.inputs.map((i) => i.field)))
      sends.take(1)
      return engine.jobView(await engine.retry(localId, spendConfirmed))
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
