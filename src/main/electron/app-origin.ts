// Where the app's own page comes from, and the one test of "is this URL the app's page"
// that the IPC sender check, the navigation guard, the CSP and the permission handlers share.
//
// In development electron-vite serves the renderer and puts its URL in
// ELECTRON_RENDERER_URL; a packaged app ignores that variable, so an environment cannot
// point a shipped build at a page of its choosing. Otherwise the built files in
// out/renderer are served over the app's own scheme (app-protocol.ts).
import { app } from 'electron'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { appPagesFor, type AppPages } from './app-pages'

export type { AppPages } from './app-pages'

const mainDir = dirname(fileURLToPath(import.meta.url))

/** Paths of the built output next to this bundle (out/main/index.js). */
export const builtPaths = {
  preload: join(mainDir, '../preload/index.cjs'),
  rendererDir: join(mainDir, '../renderer'),
  /** electron-updater's settings for an unpackaged app, at the project's root (a packaged app has its own). */
  devUpdateConfig: join(mainDir, '../../dev-app-update.yml')
}

export function resolveAppPages(): AppPages {
  return appPagesFor(!app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined)
}
