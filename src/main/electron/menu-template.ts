// The application menu's items, in main's language: every item has its label from the
// catalogs (roles too, whose built-in labels are English), so the menu follows Settings →
// Language. Items that act on the page go through the callbacks (which send an app event
// or call the controller); the rest are Electron roles. Reload and developer tools exist
// only in development builds.
import type { MenuItemConstructorOptions } from 'electron'
import { tm } from '../core/i18n/main-i18n'

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

function appMenu(actions: MenuActions, app: string): MenuItemConstructorOptions {
  return {
    label: app,
    submenu: [
      { label: tm('menu:app.about', { app }), click: () => actions.showAbout() },
      { type: 'separator' },
      { role: 'services', label: tm('menu:app.services') },
      { type: 'separator' },
      { role: 'hide', label: tm('menu:app.hide', { app }) },
      { role: 'hideOthers', label: tm('menu:app.hideOthers') },
      { role: 'unhide', label: tm('menu:app.unhide') },
      { type: 'separator' },
      { role: 'quit', label: tm('menu:app.quit', { app }) }
    ]
  }
}

function editMenu(mac: boolean): MenuItemConstructorOptions {
  return {
    label: tm('menu:edit.title'),
    submenu: [
      { role: 'undo', label: tm('menu:edit.undo') },
      { role: 'redo', label: tm('menu:edit.redo') },
      { type: 'separator' },
      { role: 'cut', label: tm('menu:edit.cut') },
      { role: 'copy', label: tm('menu:edit.copy') },
      { role: 'paste', label: tm('menu:edit.paste') },
      ...(mac ? [{ role: 'pasteAndMatchStyle', label: tm('menu:edit.pasteAndMatchStyle') } as const] : []),
      { role: 'delete', label: tm('menu:edit.delete') },
      { type: 'separator' },
      { role: 'selectAll', label: tm('menu:edit.selectAll') }
    ]
  }
}

function viewMenu(dev: boolean): MenuItemConstructorOptions {
  const devItems: MenuItemConstructorOptions[] = dev
    ? [
        { role: 'reload', label: tm('menu:view.reload') },
        { role: 'forceReload', label: tm('menu:view.forceReload') },
        { role: 'toggleDevTools', label: tm('menu:view.devTools') },
        { type: 'separator' }
      ]
    : []
  return {
    label: tm('menu:view.title'),
    submenu: [
      ...devItems,
      { role: 'resetZoom', label: tm('menu:view.resetZoom') },
      { role: 'zoomIn', label: tm('menu:view.zoomIn') },
      { role: 'zoomOut', label: tm('menu:view.zoomOut') },
      { type: 'separator' },
      { role: 'togglefullscreen', label: tm('menu:view.fullScreen') }
    ]
  }
}

export function appMenuTemplate(actions: MenuActions, opts: MenuOptions): MenuItemConstructorOptions[] {
  const mac = opts.platform === 'darwin'
  const fileMenu: MenuItemConstructorOptions = {
    label: tm('menu:file.title'),
    submenu: [
      { label: tm('menu:file.newGeneration'), accelerator: 'CmdOrCtrl+N', click: () => actions.newGeneration() },
      { label: tm('menu:file.openLibrary'), accelerator: 'CmdOrCtrl+Shift+L', click: () => actions.openLibraryFolder() },
      { type: 'separator' },
      mac ? { role: 'close', label: tm('menu:file.close') } : { role: 'quit', label: tm('menu:file.quit'), accelerator: 'Ctrl+Q' }
    ]
  }
  const windowMenu: MenuItemConstructorOptions = {
    label: tm('menu:window.title'),
    submenu: mac
      ? [{ role: 'minimize', label: tm('menu:window.minimize') }, { role: 'zoom', label: tm('menu:window.zoom') }, { type: 'separator' }, { role: 'front', label: tm('menu:window.front') }]
      : [{ role: 'minimize', label: tm('menu:window.minimize') }, { role: 'close', label: tm('menu:window.close') }]
  }
  const helpMenu: MenuItemConstructorOptions = {
    label: tm('menu:help.title'),
    role: 'help',
    submenu: mac ? [] : [{ label: tm('menu:app.about', { app: opts.appName }), click: () => actions.showAbout() }]
  }
  return [...(mac ? [appMenu(actions, opts.appName)] : []), fileMenu, editMenu(mac), viewMenu(opts.dev), windowMenu, helpMenu]
}
