// The desktop app's updater, put together: electron-updater for the platform (AppImage,
// NSIS or macOS), reading the signed feed (signed-feed-provider.ts), downloading in the
// background and installing on quit; the service that tells the page; and the schedule
// (at start, then daily, while "Check for updates automatically" is on). Off, and said so
// in the log, unless this is a packaged app or a development run pointed at a feed.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { app, autoUpdater as nativeAutoUpdater } from 'electron'
// electron-updater is CommonJS, and its `autoUpdater` a getter Node cannot see as a named
// export of an ES module: it is reached through the default export.
import electronUpdater, { type Logger } from 'electron-updater'
import bundledKeyPem from '../../../resources/update-public-key.pem?raw'
import type { EngineLog } from '../core/log/engine-log'
import { builtPaths } from './app-origin'
import { SignedFeedProvider, type SignedFeedOptions } from './signed-feed-provider'
import { chooseUpdateFeed } from './update-config'
import { startUpdateSchedule } from './update-schedule'
import { UpdateService } from './update-service'
import { updatePublicKey } from './update-signature'

export interface AppUpdatesOptions {
  log: EngineLog
  /** "Check for updates automatically", read at every tick of the schedule. */
  autoCheck(): boolean
  /** Closes the engine before the installer starts the new version. */
  beforeRestart(): Promise<void>
}

export interface AppUpdates {
  service: UpdateService
  /** Starts the schedule (its first check runs now); returns a function that stops it. */
  startSchedule(): () => void
}

/** electron-updater's own lines, in the update log. */
function updaterLogger(log: EngineLog): Logger {
  const text = (message: unknown) => ({ message: message instanceof Error ? message.message : String(message) })
  return {
    info: (message: unknown) => log.info('updater', text(message)),
    warn: (message: unknown) => log.warn('updater', text(message)),
    error: (message: unknown) => log.error('updater', text(message))
  }
}

function packagedConfig(): string | null {
  try {
    return readFileSync(join(process.resourcesPath, 'app-update.yml'), 'utf8')
  } catch {
    return null
  }
}

/** Sets up the updates, or returns null (and logs why) when this copy does not update itself. */
export function createAppUpdates(opts: AppUpdatesOptions): AppUpdates | null {
  const choice = chooseUpdateFeed({
    isPackaged: app.isPackaged,
    env: process.env,
    packagedConfig,
    readText: (path) => readFileSync(path, 'utf8'),
    bundledKeyPem
  })
  if (!choice.on) {
    opts.log.info('updates-off', { reason: choice.reason })
    return null
  }
  let feed: SignedFeedOptions
  try {
    feed = { provider: 'custom', updateProvider: SignedFeedProvider, url: choice.feed.url, publicKey: updatePublicKey(choice.feed.publicKeyPem) }
  } catch (err) {
    opts.log.error('updates-off', { reason: `The update key cannot be read: ${err instanceof Error ? err.message : String(err)}` })
    return null
  }
  // The platform's updater (AppImage, deb, rpm, NSIS or macOS), made on first use.
  const updater = electronUpdater.autoUpdater
  updater.logger = updaterLogger(opts.log)
  updater.autoDownload = true
  updater.autoInstallOnAppQuit = true
  if (!app.isPackaged) {
    // An unpackaged app gets here only when pointed at a feed on purpose. Its updater
    // settings (the cache folder's name) are read from the project, wherever Electron was
    // started from.
    updater.forceDevUpdateConfig = true
    updater.updateConfigPath = builtPaths.devUpdateConfig
  }
  updater.setFeedURL(feed)
  // The new version is started while this one quits: let it take the single-instance lock
  // (the engine was closed first, so its folders are free too).
  nativeAutoUpdater.on('before-quit-for-update', () => app.releaseSingleInstanceLock())

  const service = new UpdateService({
    updater,
    currentVersion: app.getVersion(),
    log: opts.log,
    beforeRestart: opts.beforeRestart,
    quit: () => app.quit()
  })
  opts.log.info('updates-on', { feed: choice.feed.url, version: app.getVersion() })
  const startSchedule = () =>
    startUpdateSchedule({
      enabled: opts.autoCheck,
      lastAnsweredAt: () => service.lastAnsweredAt(),
      check: () => void service.checkNow().catch((err: unknown) => opts.log.error('update-check', { detail: String(err) }))
    })
  return { service, startSchedule }
}
