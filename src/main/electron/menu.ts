// The application menu and its keyboard shortcuts. Items that act on the page go through
// the callbacks (which send an app event or call the controller); the rest are Electron
// roles. Reload and developer tools exist only in development builds.
import { Menu, type MenuItemConstructorOptions } from 'electron'

export interface MenuActions {
  /** Ctrl/Cmd+N: a fresh generation form. */
  newGeneration(): void
  openLibraryFolder(): void
  showAbout(): void
}

export interface MenuOptions {
  appName: string
  dev: boolean
  platform: NodeJS.Platform
}

export function buildAppMenu(actions: MenuActions, opts: MenuOptions): Menu {
  const mac = opts.platform === 'darwin'

  const appMenu: MenuItemConstructorOptions = {
    label: opts.appName,
    submenu: [
      { label: `About ${opts.appName}`, click: () => actions.showAbout() },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' }
    ]
  }

  const fileMenu: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      { label: 'New Generation', accelerator: 'CmdOrCtrl+N', click: () => actions.newGeneration() },
      { label: 'Open Library Folder', accelerator: 'CmdOrCtrl+Shift+L', click: () => actions.openLibraryFolder() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit', accelerator: 'Ctrl+Q' }
    ]
  }

  const editMenu: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' }
    ]
  }

  const devItems: MenuItemConstructorOptions[] = opts.dev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : []
  const viewMenu: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...devItems,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' }
    ]
  }

  const windowMenu: MenuItemConstructorOptions = {
    label: '&Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }]
  }

  const helpMenu: MenuItemConstructorOptions = {
    label: '&Help',
    role: 'help',
    submenu: mac ? [] : [{ label: `About ${opts.appName}`, click: () => actions.showAbout() }]
  }

  return Menu.buildFromTemplate([...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu])
}
