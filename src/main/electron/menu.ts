// The application menu, built again whenever main's language changes.
import { Menu } from 'electron'
import { onMainLanguageChange } from '../core/i18n/main-i18n'
import { appMenuTemplate, type MenuActions, type MenuOptions } from './menu-template'

export function buildAppMenu(actions: MenuActions, opts: MenuOptions): Menu {
  return Menu.buildFromTemplate(appMenuTemplate(actions, opts))
}

/** Sets the application menu, now and after every change of language. Returns a function that stops following. */
export function installAppMenu(actions: MenuActions, opts: MenuOptions): () => void {
  Menu.setApplicationMenu(buildAppMenu(actions, opts))
  return onMainLanguageChange(() => Menu.setApplicationMenu(buildAppMenu(actions, opts)))
}
