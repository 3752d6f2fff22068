// The account and what the service offers: the balance and who the key belongs to, the
// model catalog (the copy kept on disk first, see catalog-list.ts), and assets.
import { toAccount } from '../account-view'
import { listCatalog } from '../catalog-list'
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
      const fetch = async () => (await ctx.engine()).catalog()
      return listCatalog({ fetch, cache: ctx.catalogCache, onChanged: ctx.onCatalogChanged })
    },
    'assets.create': async (req) => (await ctx.engine()).createAsset(req)
  }
}
