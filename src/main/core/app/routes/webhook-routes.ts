// Webhooks: how the listener is doing, and a check that the service's calls reach it.
import type { RouteContext, RouteHandlers } from './route-context'

export function webhookRoutes(ctx: RouteContext): RouteHandlers<'webhooks.health' | 'webhooks.check'> {
  return {
    'webhooks.health': async () => (await ctx.engine()).webhookHealth(),
    'webhooks.check': async () => (await ctx.engine()).checkWebhooks()
  }
}
