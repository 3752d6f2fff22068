// Launches the built Electron app (out/main/index.js) with a fresh user-data folder per
// test and hands the test the app and its window. Where Electron's binary is missing the
// specs skip themselves with ELECTRON_SKIP_REASON.
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { _electron as electron, test as base, type ElectronApplication, type Page } from '@playwright/test'

const require = createRequire(import.meta.url)
const MAIN_ENTRY = resolve('out/main/index.js')

/**
 * The Electron executable, or null. This repeats the lookup of the `electron` package's
 * index without its side effect: on a missing binary that index starts a download from
 * GitHub (and waits for it), where a test only wants to know whether to skip.
 */
export function electronExecutable(): string | null {
  const dist = electronDist()
  return dist ? join(dist.dir, dist.executable) : null
}

/** Electron's installed folder and its executable's path inside it, or null when not installed. */
export function electronDist(): { dir: string; executable: string } | null {
  try {
    const pkgDir = dirname(require.resolve('electron/package.json'))
    const pathFile = join(pkgDir, 'path.txt')
    if (!existsSync(pathFile)) return null
    const executable = readFileSync(pathFile, 'utf8').trim()
    const dir = process.env['ELECTRON_OVERRIDE_DIST_PATH'] ?? join(pkgDir, 'dist')
    return existsSync(join(dir, executable)) ? { dir, executable } : null
  } catch {
    return null
  }
}

export const ELECTRON_SKIP_REASON =
  'Electron binary not installed (it is downloaded from GitHub on first run, which this machine cannot reach)'

/** Why the Electron tests cannot run here, or null when they can. */
export function electronSkipReason(): string | null {
  if (!electronExecutable()) return ELECTRON_SKIP_REASON
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return 'No display for Electron (run the tests under xvfb-run)'
  }
  return null
}

export interface Shell {
  app: ElectronApplication
  window: Page
  userData: string
}

function childEnv(userData: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
  // A test must never reach a dev server or a real account.
  delete env['ELECTRON_RENDERER_URL']
  delete env['ELECTRON_RUN_AS_NODE']
  return { ...env, MEDIAGEN_USER_DATA: userData, MEDIAGEN_DEMO_SPEED: '4' }
}

/** What the specs touch of the page's global scope (the Node tsconfig has no DOM types). */
export interface PageApi {
  invoke(route: string, input: unknown): Promise<AnyResult>
  on(event: string, handler: (payload: unknown) => void): () => void
  startDrag?(path: string): void
}
export interface PageGlobal {
  [name: string]: unknown
  api?: PageApi
  location: { href: string }
  open(url: string): unknown
  Image: new () => { onload: (() => void) | null; onerror: (() => void) | null; src: string; naturalWidth: number }
}
export type AnyResult = {
  ok: boolean
  data?: Record<string, unknown>
  error?: { code: string; message: string; details?: Record<string, string[]> }
}

/**
 * Launches the built app with `executablePath` (by default the installed Electron) and a
 * fresh user-data folder, `env` added to its environment; `close` ends it and removes the folder.
 */
export async function launchShell(executablePath = electronExecutable(), env: Record<string, string> = {}): Promise<Shell & { close(): Promise<void> }> {
  if (!executablePath) throw new Error(ELECTRON_SKIP_REASON)
  if (!existsSync(MAIN_ENTRY)) throw new Error(`${MAIN_ENTRY} is missing: run \`npx electron-vite build\` first`)
  const userData = await mkdtemp(join(tmpdir(), 'mediagen-electron-'))
  const close = async (app?: ElectronApplication) => {
    await app?.close().catch(() => undefined)
    await rm(userData, { recursive: true, force: true })
  }
  // Chromium's OS sandbox refuses to start as root (CI containers); the page's own
  // sandbox (webPreferences.sandbox) is unaffected by this switch.
  const args = process.getuid?.() === 0 ? ['--no-sandbox', MAIN_ENTRY] : [MAIN_ENTRY]
  let app: ElectronApplication | undefined
  try {
    app = await electron.launch({ executablePath, args, env: { ...childEnv(userData), ...env }, timeout: 60_000 })
    const window = await app.firstWindow()
    await window.waitForLoadState('domcontentloaded')
    const launched = app
    return { app: launched, window, userData, close: () => close(launched) }
  } catch (err) {
    await close(app)
    throw err
  }
}

export const test = base.extend<{ shell: Shell }>({
  // Playwright reads the fixtures a function uses from its destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  shell: async ({}, use) => {
    const { close, ...shell } = await launchShell()
    try {
      await use(shell)
    } finally {
      await close()
    }
  }
})

export { expect } from '@playwright/test'
