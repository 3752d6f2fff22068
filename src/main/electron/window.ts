// The app's one window: locked-down web preferences, the remembered size and position
// (restored only where a display still shows it), shown once the first paint is ready.
import { BrowserWindow, screen, type Rectangle } from 'electron'
import Store from 'electron-store'
import { z } from 'zod'
import { builtPaths, type AppPages } from './app-origin'

const DEFAULT_SIZE = { width: 1280, height: 820 }
const MIN_SIZE = { width: 900, height: 600 }
/** How much of a saved window must still be on some display for its position to be reused. */
const MIN_VISIBLE_PX = 120

const windowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(MIN_SIZE.width).max(20_000),
  height: z.number().int().min(MIN_SIZE.height).max(20_000),
  maximized: z.boolean().default(false)
})
type WindowState = z.infer<typeof windowStateSchema>

function stateStore(): Store<{ window?: unknown }> {
  // A file of its own: window geometry is rewritten often and has nothing to do with settings.
  return new Store<{ window?: unknown }>({ name: 'window-state', clearInvalidConfig: true })
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))
  }
}

/** The saved bounds, or only the saved size when the position is off every display now. */
function restorableBounds(state: WindowState): Partial<Rectangle> & { width: number; height: number } {
  const size = { width: state.width, height: state.height }
  if (state.x === undefined || state.y === undefined) return size
  const bounds = { x: state.x, y: state.y, ...size }
  const visible = screen.getAllDisplays().some((d) => {
    const o = overlap(bounds, d.workArea)
    return o.width >= MIN_VISIBLE_PX && o.height >= MIN_VISIBLE_PX
  })
  return visible ? bounds : size
}

function loadState(store: Store<{ window?: unknown }>): WindowState | null {
  const parsed = windowStateSchema.safeParse(store.get('window'))
  return parsed.success ? parsed.data : null
}

function saveState(store: Store<{ window?: unknown }>, win: BrowserWindow): void {
  // The normal (unmaximised) bounds, so un-maximising after a restart goes somewhere sensible.
  const b = win.getNormalBounds()
  const state: WindowState = { x: b.x, y: b.y, width: Math.max(b.width, MIN_SIZE.width), height: Math.max(b.height, MIN_SIZE.height), maximized: win.isMaximized() }
  store.set('window', state)
}

export function createMainWindow(pages: AppPages, opts: { title: string }): BrowserWindow {
  const store = stateStore()
  const saved = loadState(store)
  const bounds = saved ? restorableBounds(saved) : DEFAULT_SIZE

  const win = new BrowserWindow({
    ...bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: opts.title,
    show: false,
    backgroundColor: '#111318',
    autoHideMenuBar: false,
    webPreferences: {
      // Sandboxed; exposes only invoke/on/startDrag over fixed channels, each sender-checked in main.
      preload: builtPaths.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // Middle-click (auxclick) would be another way to open links in a new window.
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false
    }
  })

  if (saved?.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())
  win.on('close', () => saveState(store, win))

  win.loadURL(pages.entryUrl).catch((err: unknown) => console.error(`Could not load the app page: ${String(err)}`))
  return win
}

/** Brings the window to the front (second launch, notification click, menu). */
export function focusWindow(win: BrowserWindow | null): void {
  if (!win || win.isDestroyed()) return
  if (win.isMinimized()) win.restore()
  if (!win.isVisible()) win.show()
  win.focus()
}
