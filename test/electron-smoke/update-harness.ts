// The update smoke tests' app: the built main process started under the Electron stub from
// a stand-in AppImage, with its updater pointed at a local feed (update-feed.ts).
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, vi } from 'vitest'
import type { UpdateStatus } from '../../src/shared/app/updates'
import type { AppApi } from '../../src/shared/contract'
import { createElectronStub, installElectronStub, type ElectronStub } from './electron-stub'
import { runPreload } from './preload-vm'
import { appImage } from './update-feed'

const OUT = resolve(__dirname, '../../out')
const loadNative = createRequire(import.meta.url)

export interface SmokeApp {
  dir: string
  stub: ElectronStub
  api: AppApi
  /** The AppImage the app was "started from" (APPIMAGE). */
  appImagePath: string
  /** Tells main the page listens for events (as the preload does when the page subscribes). */
  listen(): void
  /** Everything main sent the page under `name`. */
  sent(name: string): unknown[]
  status(): Promise<UpdateStatus>
  waitForState(state: UpdateStatus['state']): Promise<UpdateStatus>
}

/** Starts the built app as version `version` from a stand-in AppImage, its updater pointed at `feedUrl`. */
export async function startSmokeApp(opts: { version: string; feedUrl: string; publicPem: string; settings?: Record<string, unknown> }): Promise<SmokeApp> {
  const main = join(OUT, 'main/index.js')
  if (!existsSync(main)) throw new Error(`${main} is missing: build the app first (npx electron-vite build)`)
  const dir = await mkdtemp(join(tmpdir(), 'electron-updates-'))
  const appImagePath = join(dir, 'apps', 'MediaGen-Studio.AppImage')
  await mkdir(join(dir, 'apps'))
  await writeFile(appImagePath, appImage(opts.version), { mode: 0o755 })
  await writeFile(join(dir, 'release-key.pem'), opts.publicPem)
  if (opts.settings) {
    await mkdir(join(dir, 'user-data'))
    await writeFile(join(dir, 'user-data', 'settings.json'), JSON.stringify({ schemaVersion: 1, settings: opts.settings }))
  }
  // Electron's own addition to `process`: where the app's resources are (nothing is there).
  Object.defineProperty(process, 'resourcesPath', { value: join(dir, 'resources'), configurable: true })
  Object.assign(process.env, {
    MEDIAGEN_USER_DATA: join(dir, 'user-data'),
    MEDIAGEN_DEMO_SPEED: '40',
    MEDIAGEN_UPDATE_FEED: opts.feedUrl,
    MEDIAGEN_UPDATE_PUBLIC_KEY: join(dir, 'release-key.pem'),
    // What the AppImage runtime sets, and where Linux keeps caches (electron-updater's download folder).
    APPIMAGE: appImagePath,
    XDG_CACHE_HOME: join(dir, 'cache')
  })
  const stub = createElectronStub({ userData: join(dir, 'unused-default'), version: opts.version })
  installElectronStub(stub)
  loadNative(main)
  stub.emitReady()
  await vi.waitFor(() => expect(stub.record.ipcHandlers.has('app:invoke') && stub.record.windows.length === 1).toBe(true))
  const win = stub.window()
  const frame = win.webContents.mainFrame
  const preload = runPreload(
    await readFile(join(OUT, 'preload/index.cjs'), 'utf8'),
    (_channel, route, input) => stub.invoke(frame, win.webContents, route, input),
    (channel, ...args) => stub.send(frame, win.webContents, channel, ...args)
  )
  const api = preload['api'] as AppApi
  // Answered once the engine runs, by which time main forwards events and the schedule has started.
  expect(await api.invoke('app.info', {})).toMatchObject({ ok: true })
  const status = async () => {
    const r = await api.invoke('updates.status', {})
    if (!r.ok) throw new Error(r.error.message)
    return r.data
  }
  return {
    dir, stub, api, appImagePath, status,
    listen: () => void api.on('notice', () => undefined),
    sent: (name) => win.webContents.sent.filter(([channel, event]) => channel === 'app:event' && event === name).map(([, , payload]) => payload),
    waitForState: (state) =>
      vi.waitFor(async () => {
        const now = await status()
        expect(now.state).toBe(state)
        return now
      }, { timeout: 20_000, interval: 25 })
  }
}
