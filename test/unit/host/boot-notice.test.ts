// The reason the engine could not start reaches the page: it is raised before anyone
// listens, and the page's event stream gets it once it connects.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { AppController } from '../../../src/main/core/app/controller'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import { startDemoService } from '../../../src/simulator/demo-mode'
import { startHost } from '../../../src/main/host/host'
import type { AppEvent } from '../../../src/shared/contract'
import { cleanupAfterEach } from '../support/cleanup'

const cleanup = cleanupAfterEach()

/** A controller whose engine cannot start: its library's place is taken by a file. */
async function brokenApp(): Promise<{ dir: string; controller: AppController }> {
  const dir = await cleanup.tempDir('boot-notice-')
  await mkdir(join(dir, 'demo'), { recursive: true })
  await writeFile(join(dir, 'demo', 'library'), 'not a folder')
  const controller = await AppController.start({
    dataDir: dir,
    secrets: FileSecretStore.inDir(dir),
    settings: new FileSettingsStore(join(dir, 'settings.json')),
    hooks: { platform: 'browser' },
    version: 'test',
    startDemoService: (options) => startDemoService({ ...options, speed: 20 })
  })
  cleanup.defer(() => controller.close())
  return { dir, controller }
}

describe('the first notice', () => {
  it('goes to the first listener when it was raised before anyone listened, and only to it', async () => {
    const { controller } = await brokenApp()
    const first: AppEvent[] = []
    const second: AppEvent[] = []
    controller.onEvent((e) => first.push(e))
    controller.onEvent((e) => second.push(e))
    expect(first).toEqual([{ name: 'notice', payload: { level: 'error', message: expect.stringContaining('The engine could not start'), key: 'main:engine.startFailed', values: { reason: expect.any(String), seconds: 10 } } }])
    expect(second).toEqual([])
  })

  it('reaches the page through the host once its event stream connects', async () => {
    const { dir, controller } = await brokenApp()
    // Mended before the page connects: the next try starts, so only the first failure can
    // have said why, and the page must still hear of it.
    await rm(join(dir, 'demo', 'library'))
    const rendererDir = join(dir, 'renderer')
    await mkdir(rendererDir)
    const host = await startHost({ controller, rendererDir, port: 0 })
    cleanup.defer(() => host.close())
    const stop = new AbortController()
    cleanup.defer(async () => stop.abort())
    let stream = ''
    void fetch(`${host.url}/api/events?token=${host.token}`, { signal: stop.signal }).then(async (res) => {
      for await (const chunk of res.body!) stream += Buffer.from(chunk).toString('utf8')
    }).catch(() => undefined)
    await vi.waitFor(() => expect(stream).toContain('event: notice'), { timeout: 20_000 })
    expect(stream).toMatch(/event: notice\ndata: \{"level":"error","message":"The engine could not start: [^"]+The app tries again in 10 seconds\.","key":"main:engine.startFailed","values":\{"reason":"[^"]+","seconds":10\}\}/)
  }, 30_000)
})
