// The one place that puts the route modules together into a handler for every route the
// contract lists. Each module owns one domain's routes; the type below holds that none is
// left out, and a test holds that no route is given twice.
import type { RouteName } from '../../../shared/contract'
import { accountRoutes } from './routes/account-routes'
import { boardRoutes } from './routes/board-routes'
import { tagRoutes } from './routes/tag-routes'
import { jobRoutes } from './routes/job-routes'
import { legacyRoutes } from './routes/legacy-routes'
import { libraryRoutes } from './routes/library-routes'
import { pictureRoutes } from './routes/picture-routes'
import { importRoutes } from './routes/import-routes'
import { loraRoutes } from './routes/lora-routes'
import { settingsRoutes } from './routes/settings-routes'
import { spendRoutes } from './routes/spend-routes'
import { updateRoutes } from './routes/update-routes'
import { uploadRoutes } from './routes/upload-routes'
import { webhookRoutes } from './routes/webhook-routes'
import type { RouteContext, RouteHandlers } from './routes/route-context'
import { SendLimiter } from './send-limiter'

export type RouteTable = RouteHandlers<RouteName>

/** Each domain's handlers, by the name of its module; `sends` counts the jobs sent, whichever route (or command line) sends them. */
export function routeModules(ctx: RouteContext, sends = new SendLimiter()) {
  const uploads = uploadRoutes(() => ctx.engine(), () => ctx.otherMode())
  return {
    settings: settingsRoutes(ctx),
    account: accountRoutes(ctx),
    jobs: jobRoutes(ctx, uploads, sends),
    uploads: uploads.routes,
    library: libraryRoutes(ctx),
    pictures: pictureRoutes(ctx),
    imports: importRoutes(ctx),
    boards: boardRoutes(ctx),
    tags: tagRoutes(ctx),
    loras: loraRoutes(ctx),
    legacy: legacyRoutes(ctx, sends),
    webhooks: webhookRoutes(ctx),
    spend: spendRoutes(ctx),
    updates: updateRoutes(ctx)
  }
}

export function createRouteTable(ctx: RouteContext, sends?: SendLimiter): RouteTable {
  const m = routeModules(ctx, sends)
  return { ...m.settings, ...m.account, ...m.jobs, ...m.uploads, ...m.library, ...m.pictures, ...m.imports, ...m.boards, ...m.tags, ...m.loras, ...m.legacy, ...m.webhooks, ...m.spend, ...m.updates }
}
