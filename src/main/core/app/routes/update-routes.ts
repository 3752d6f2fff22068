// The app's own updates. Only the desktop app updates itself; everywhere else (the Node
// host's browser route) the status says so and there is nothing to check or install.
import type { UpdateStatus } from '../../../../shared/app/updates'
import { AppFailure } from '../app-errors'
import type { RouteContext, RouteHandlers } from './route-context'

type UpdateRoute = 'updates.status' | 'updates.check' | 'updates.restart'

const MESSAGES = {
  unsupported: 'This copy of MediaGen Studio does not update itself.',
  noRestart: 'There is no downloaded update to install.'
}

function unsupported(currentVersion: string): UpdateStatus {
  return { state: 'unsupported', currentVersion, version: null, releaseNotes: null, message: MESSAGES.unsupported, checkedAt: null }
}

export function updateRoutes(ctx: RouteContext): RouteHandlers<UpdateRoute> {
  return {
    'updates.status': async () => ctx.hooks.updates?.status() ?? unsupported(ctx.info().version),
    'updates.check': async () => (ctx.hooks.updates ? ctx.hooks.updates.checkNow() : unsupported(ctx.info().version)),
    'updates.restart': async () => {
      if (!ctx.hooks.updates) throw new AppFailure('conflict', MESSAGES.noRestart)
      await ctx.hooks.updates.restartToUpdate()
      return null
    }
  }
}
