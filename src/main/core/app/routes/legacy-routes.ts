// The legacy video endpoint: its estimate and its submission (journaled by the engine
// like every other job).
import { detailsFromZodError, legacyCost, legacyRequestSchema, summarizeDetails } from '../../../../shared/api'
import { AppFailure } from '../app-errors'
import type { SendLimiter } from '../send-limiter'
import { refuseLocalUrls } from '../input-urls'
import type { RouteContext, RouteHandlers } from './route-context'

type LegacyRoute = 'legacy.submit' | 'legacy.estimate'

export function legacyRoutes(ctx: RouteContext, sends: SendLimiter): RouteHandlers<LegacyRoute> {
  return {
    'legacy.submit': async ({ request, spendConfirmed }) => {
      const engine = await ctx.engine()
      refuseLocalUrls(request, engine.opts.legacyBaseUrl)
      sends.take(1)
      return engine.jobView(await engine.submitLegacy(request, spendConfirmed))
    },
    'legacy.estimate': async ({ request }) => {
      const parsed = legacyRequestSchema.safeParse(request)
      if (!parsed.success) {
        const details = detailsFromZodError(parsed.error)
        throw new AppFailure('validation', `Invalid request: ${summarizeDetails(details)}`, details)
      }
      const credits = legacyCost(parsed.data)
      const audio = parsed.data.generate_audio ? ', with audio (×2)' : ''
      return { credits, explanation: credits === null ? 'Not available for this model and resolution' : `${parsed.data.resolution}, ${parsed.data.duration} s${audio}` }
    }
  }
}
