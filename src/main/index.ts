// Electron entry: lifecycle and wiring only. The engine lives in core/ and knows nothing
// of Electron; the adapters in electron/ each do one job.
import { app, dialog, session, shell, type BrowserWindow, type WebContents } from 'electron'
import { AppController } from './core/app/controller'
import { openEngineLogOrNone } from './core/log/engine-log'
import { startDemoService } from '../simulator/demo-mode'
import { builtPaths, resolveAppPages } from './electron/app-origin'
import { createAppUpdates } from './electron/app-updates'
import { registerDragOut } from './electron/drag-out'
import { forwardEvents, registerIpcRouter, sendMenuCommand } from './electron/ipc-router'
import { handleAppProtocol } from './electron/app-protocol'
import { handleLibraryProtocol } from './electron/library-protocol'
import { installAppMenu } from './electron/menu'
import { tm } from './core/i18n/main-i18n'
import { pageCsp } from './electron/page-csp'
import { electronHooks } from './electron/platform-hooks'
import { installQuitGuard } from './electron/quit-guard'
import { SafeStorageSecretStore } from './electron/secret-store'
import { createShellEvents, openFromNotification } from './electron/shell-events'
import { guardAllContents, hardenSession } from './electron/security'
import { electronSettingsStore } from './electron/settings-store'
import { registerAppSchemes } from './electron/schemes'
import { userDataOverride } from './electron/user-data'
import { createMainWindow, focusWindow } from './electron/window'

/** Must match `appId` in electron-builder.yml: Windows ties notifications to it. */
const APP_ID = 'com.mediagen.studio'

// Set before anything reads userData (the single-instance lock lives there too).
const userData = userDataOverride(app.isPackaged, process.env)
if (userData) app.setPath('userData', userData)

// Every renderer runs in Chromium's OS sandbox, whatever a window's preferences say.
app.enableSandbox()
registerAppSchemes()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  run()
}

function run(): void {
  const pages = resolveAppPages()
  const dev = !app.isPackaged
  let win: BrowserWindow | null = null
  let controllerStart: Promise<AppController> | null = null
  const controller = (): Promise<AppController> => controllerStart ?? Promise.reject(new Error('The app is still starting'))
  const isAppContents = (contents: WebContents) => !!win && !win.isDestroyed() && contents.id === win.webContents.id
  const openWindow = () => {
    if (win && !win.isDestroyed()) return focusWindow(win)
    win = createMainWindow(pages, { title: app.getName() })
    win.on('closed', () => (win = null))
  }

  guardAllContents(pages)
  app.on('second-instance', () => focusWindow(win))
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (app.isReady()) openWindow()
  })
  // The updater's own log (beside the engine's), open from the start so that whether this
  // copy updates itself is written down too.
  const updateLog = openEngineLogOrNone(app.getPath('userData'), { fileName: 'updates.log' }, (err) => console.error(`No update log: ${err.message}`))
  const quitGuard = installQuitGuard(async () => {
    if (controllerStart) await (await controllerStart).close()
    await updateLog.close()
  })

  app.whenReady().then(async () => {
    if (process.platform === 'win32') app.setAppUserModelId(APP_ID)
    const csp = pageCsp(pages.devOrigin)
    hardenSession(session.defaultSession, pages, csp)
    // The built page comes over the app's own scheme, never file:// (the dev server serves itself).
    handleAppProtocol(builtPaths.rendererDir, csp)

    const demoSpeed = !app.isPackaged ? Number(process.env['MEDIAGEN_DEMO_SPEED']) || undefined : undefined
    const settings = electronSettingsStore()
    const resolveLibraryFile = async (rel: string) => (await controller()).resolveLibraryFile(rel)
    const shellEvents = createShellEvents()
    const updates = createAppUpdates({
      log: updateLog,
      autoCheck: () => settings.get().autoUpdate,
      beforeRestart: quitGuard.closeFirst
    })
    controllerStart = AppController.start({
      dataDir: app.getPath('userData'),
      secrets: await SafeStorageSecretStore.create(),
      settings,
      hooks: { ...electronHooks({ window: () => win, resolveLibraryFile, open: openFromNotification(openWindow, shellEvents) }), ...(updates ? { updates: updates.service } : {}) },
      version: app.getVersion(),
      startDemoService: (options) => startDemoService({ ...options, speed: demoSpeed }),
      // Replies and events are checked against the contract while developing; a packaged
      // build trusts the checks its tests already ran.
      checkOutputs: !app.isPackaged,
      // The OS's languages, most wanted first, then the one Chromium chose for the page.
      systemLanguages: [...app.getPreferredSystemLanguages(), app.getLocale()]
    })
    handleLibraryProtocol(resolveLibraryFile)
    registerIpcRouter({ pages, isAppContents, controller })
    registerDragOut({ pages, isAppContents, resolve: resolveLibraryFile })
    // Built again whenever main's language changes: at the controller's start, and from Settings.
    installMenu(openWindow, () => win, controller, dev)

    // Heard from the first frame: a page that subscribes while the engine starts is told its notices.
    forwardEvents([controllerStart, shellEvents, ...(updates ? [updates.service] : [])], () => win, { pages, isAppContents })
    openWindow()
    await controllerStart
    // At start and daily, once the page can be told what was found.
    updates?.startSchedule()
  }).catch((err: unknown) => {
    dialog.showErrorBox(tm('menu:errors.startFailed', { app: app.getName() }), err instanceof Error ? err.message : String(err))
    app.exit(1)
  })
}

function installMenu(openWindow: () => void, win: () => BrowserWindow | null, controller: () => Promise<AppController>, dev: boolean): void {
  installAppMenu({
    newGeneration: () => {
      openWindow()
      sendMenuCommand(win(), 'new-generation')
    },
    openLibraryFolder: () => void openLibraryFolder(controller).catch((err: unknown) => dialog.showErrorBox(tm('menu:errors.openLibrary'), String(err))),
    showAbout: () => void showAbout(win()).catch(() => undefined)
  }, { appName: app.getName(), dev, platform: process.platform })
}

async function openLibraryFolder(controller: () => Promise<AppController>): Promise<void> {
  // Opened, never made: a library folder that is missing (a moved library's disk not
  // connected) must stay missing, or the engine's next try would start an empty one there.
  const dir = (await controller()).libraryDir()
  const error = await shell.openPath(dir)
  if (error) dialog.showErrorBox(tm('menu:errors.openLibrary'), error)
}

async function showAbout(win: BrowserWindow | null): Promise<void> {
  const detail = [
    tm('menu:about.version', { version: app.getVersion() }),
    `Electron ${process.versions.electron}, Chromium ${process.versions.chrome}, Node ${process.versions.node}`
  ].join('\n')
  const options = { type: 'info' as const, title: tm('menu:about.title', { app: app.getName() }), message: app.getName(), detail, buttons: [tm('menu:about.ok')] }
  await (win && !win.isDestroyed() ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options))
}
