// A move whose note cannot be left in the old folder (a full disk, a folder the app may no
// longer write) does not switch: another process could still write into the old folder,
// which would then be the stale copy. The copy is removed and the library stays put.
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type * as LibraryMoved from '../../../src/main/core/library/library-moved'
import { startSimulator, type Simulator } from '../../../src/simulator'
import type { AppInfo, Settings } from '../../../src/shared/app/settings'
import { cleanupAfterEach } from '../support/cleanup'
import { startTestController } from '../support/test-controller'

vi.mock('../../../src/main/core/library/library-moved', async (original) => ({
  ...(await original<typeof LibraryMoved>()),
  writeMovedNote: () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))
}))

const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
const cleanup = cleanupAfterEach()
let live: Simulator
let serviceDir: string

beforeAll(async () => {
  serviceDir = await mkdtemp(join(tmpdir(), 'move-unmarked-service-'))
  live = await startSimulator({ port: 0, speed: 50, apiKey: LIVE_KEY, dataDir: serviceDir, log: () => undefined })
})
afterAll(async () => {
  await live?.close()
  await rm(serviceDir, { recursive: true, force: true })
})

describe('a move whose note cannot be written', () => {
  it('is refused, the copy removed, and the library stays where it was', async () => {
    const dir = await cleanup.tempDir('move-unmarked-')
    const { controller } = await startTestController(join(dir, 'app'))
    cleanup.defer(() => controller.close())
    const ok = async <T,>(route: string, input: unknown): Promise<T> => {
      const r = await controller.dispatch(route, input)
      if (!r.ok) throw new Error(`${route}: ${r.error.message}`)
      return r.data as T
    }
    await ok('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
    await ok('key.set', { apiKey: LIVE_KEY })
    const oldDir = (await ok<AppInfo>('app.info', {})).libraryDir
    const target = join(dir, 'new')
    const moved = await controller.dispatch('library.move', { to: target })
    expect(moved.ok ? null : moved.error.message).toBe(`The old folder could not be marked as moved (ENOSPC), so another process could still write there; the library stays in ${oldDir} and the copy was removed.`)
    await expect(stat(target)).rejects.toThrow()
    expect((await ok<AppInfo>('app.info', {})).libraryDir).toBe(oldDir)
    expect((await ok<Settings>('settings.get', {})).libraryDir).toBe('')
  }, 60_000)
})
