// What only the desktop can do for the engine: show a file in the file manager, ask for a
// folder with the OS's picker, open a web link in the user's browser, show a system notification, tell whether the window has
// the focus, and show the running jobs on the taskbar or dock.
import { dialog, shell, type BrowserWindow } from 'electron'
import type { NotificationTarget } from '../../shared/app/notifications'
import type { PlatformHooks } from '../core/app/ports'
import { desktopNotifier } from './desktop-notifications'
import { notificationImage, type LibraryResolver } from './notification-image'
import { taskbarProgress } from './taskbar-progress'

/** Only http(s) URLs leave the app; `file:`, `javascript:`, custom schemes and the like never do. */
export function externalUrl(raw: string): string | null {
  try {
    const u = new URL(raw)
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname) return null
    return u.href
  } catch {
    return null
  }
}

export interface ElectronHookOptions {
  /** The app's window now, or null while it has none. */
  window: () => BrowserWindow | null
  /** A library file's absolute path, through the library's resolver (null when it is not one). */
  resolveLibraryFile: LibraryResolver
  /** A notification was clicked: bring the window forward and open the target in it. */
  open: (target: NotificationTarget) => void
}

export function electronHooks(opts: ElectronHookOptions): PlatformHooks {
  return {
    platform: 'electron',

    revealFile(absolutePath) {
      shell.showItemInFolder(absolutePath)
    },

    async pickFolder() {
      const win = opts.window()
      const options = { properties: ['openDirectory' as const] }
      const picked = win && !win.isDestroyed() ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
      return picked.canceled ? null : (picked.filePaths[0] ?? null)
    },

    async openExternal(url) {
      const safe = externalUrl(url)
      if (!safe) throw new Error('Only web links (http or https) can be opened')
      // The engine's route is the only caller, and the URL was re-parsed and limited to http(s) above.
      await shell.openExternal(safe) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    },

    notify: desktopNotifier({
      image: (relativePath) => notificationImage(opts.resolveLibraryFile, relativePath),
      open: opts.open
    }),

    windowFocused() {
      const win = opts.window()
      return !!win && !win.isDestroyed() && win.isFocused()
    },

    showProgress: taskbarProgress(opts.window, process.platform)
  }
}
