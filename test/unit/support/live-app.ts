// The app's controller on a data folder, connected to an account of a test service (live
// mode, so it holds the account's folder and serves the command line there), closed after
// the test; `ok` answers a route's data or throws its error.
import { expect } from 'vitest'
import type { Simulator } from '../../../src/simulator'
import type { AppInfo } from '../../../src/shared/app/settings'
import type { Cleanup } from './cleanup'
import { startTestController, type TestApp } from './test-controller'

export interface LiveApp {
  appDir: string
  controller: TestApp['controller']
  ok<T>(route: string, input: unknown): Promise<T>
}

/** `appDir`: a data folder to start on (a fresh one when not given); `apiKey`: the service's. */
export async function startLiveApp(cleanup: Cleanup, sim: Simulator, apiKey: string, appDir?: string): Promise<LiveApp> {
  const dir = appDir ?? (await cleanup.tempDir('live-app-'))
  const app = await startTestController(dir)
  cleanup.defer(() => app.controller.close())
  const ok = async <T,>(route: string, input: unknown): Promise<T> => {
    const r = await app.controller.dispatch(route, input)
    if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
    return r.data as T
  }
  await ok('settings.update', { baseUrl: sim.url, legacyBaseUrl: sim.legacyUrl })
  expect((await ok<AppInfo>('key.set', { apiKey })).mode).toBe('live')
  return { appDir: dir, ok, controller: app.controller }
}
