// The update routes: the desktop app answers from its updater; the Node host's browser
// route, which cannot update itself, says so rather than fail, and has nothing to install.
import { describe, expect, it } from 'vitest'
import type { RouteContext } from '../../../src/main/core/app/routes/route-context'
import { updateRoutes } from '../../../src/main/core/app/routes/update-routes'
import { toAppError } from '../../../src/main/core/app/app-errors'
import type { UpdateStatus } from '../../../src/shared/app/updates'

function ctx(hooks: RouteContext['hooks']): RouteContext {
  return { hooks, info: () => ({ version: '1.2.3' }) } as unknown as RouteContext
}

describe('the update routes', () => {
  it('in the browser route: unsupported, with nothing to check or install', async () => {
    const routes = updateRoutes(ctx({ platform: 'browser' }))
    const status = await routes['updates.status'](undefined)
    expect(status).toEqual({ state: 'unsupported', currentVersion: '1.2.3', version: null, releaseNotes: null, message: expect.stringMatching(/does not update itself/), checkedAt: null })
    expect(await routes['updates.check'](undefined)).toEqual(status)
    const err = await routes['updates.restart'](undefined).catch((e: unknown) => e)
    expect(toAppError(err)).toEqual({ code: 'conflict', message: 'There is no downloaded update to install.' })
  })

  it('in the desktop app: what its updater says and does', async () => {
    const ready: UpdateStatus = { state: 'ready', currentVersion: '1.2.3', version: '1.3.0', releaseNotes: null, message: null, checkedAt: null }
    let restarted = 0
    const routes = updateRoutes(ctx({ platform: 'electron', updates: { status: () => ready, checkNow: async () => ready, restartToUpdate: async () => void restarted++ } }))
    expect(await routes['updates.status'](undefined)).toBe(ready)
    expect(await routes['updates.check'](undefined)).toBe(ready)
    expect(await routes['updates.restart'](undefined)).toBeNull()
    expect(restarted).toBe(1)
  })
})
