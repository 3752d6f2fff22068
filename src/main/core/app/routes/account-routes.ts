// The account and what the service offers: the balance and who the key belongs to, the
// model catalog (the last one seen when the service cannot be reached), and assets.
import { buildCatalog, catalogSchema } from '../../../../shared/api'
import { toAccount } from '../account-view'
import type { RouteContext, RouteHandlers } from './route-context'

export function accountRoutes(ctx: RouteContext): RouteHandlers<'account.get' | 'catalog.list' | 'assets.create'> {
  return {
    'account.get': async () => {
      const engine = await ctx.engine()
      const me = await engine.me()
      ctx.onCredits(me.team?.credits ?? null)
      return toAccount(me, engine.opts.apiKey())
    },
    'catalog.list': async () => {
      const engine = await ctx.engine()
      try {
        const catalog = await engine.catalog()
        await ctx.catalogCache.save(catalog)
        return { models: catalog.models, offline: false }
      } catch {
        const cached = await ctx.catalogCache.load()
        const parsed = cached ? catalogSchema.safeParse(cached) : null
        return { models: parsed?.success ? parsed.data.models : buildCatalog().models, offline: true }
      }
    },
    'assets.create': async (req) => (await ctx.engine()).createAsset(req)
  }
}
