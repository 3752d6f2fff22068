// What was spent over the last days: this app's jobs from the journal, or the team's
// from the service, with the balance when the service gives it; and the spending limits
// with what is used of them today and this month.
import { SPEND_DAYS } from '../../../../shared/app/spend'
import { summarizeSpend } from '../spend-summary'
import { teamJobsSince } from '../team-jobs'
import type { RouteContext, RouteHandlers } from './route-context'

export function spendRoutes(ctx: RouteContext): RouteHandlers<'spend.summary' | 'limits.get'> {
  return {
    'limits.get': async () => (await ctx.engine()).spending.standing(),
    'spend.summary': async ({ scope }) => {
      const engine = await ctx.engine()
      const since = Date.now() - SPEND_DAYS * 24 * 3600_000
      // The balance is the service's; without it the days still add up, only the balance line is left out.
      const me = await engine.me().catch((err: unknown) => (scope === 'team' ? Promise.reject(err) : null))
      const items =
        scope === 'team' && me
          ? await teamJobsSince({ listJobs: (q) => engine.serviceJobs(q ?? {}) }, me, since)
          : // Mine: the jobs this app sent, from the journal, which keeps the last 30 days.
            engine.jobs().filter((r) => r.origin === 'app' && r.submission === 'accepted')
      return summarizeSpend(items, { scope, balance: me?.team?.credits ?? null })
    }
  }
}
