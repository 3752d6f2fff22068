// The one request channel and the one event channel between the page and the engine.
// Order of work for a request: sender check, then the controller (which parses the input
// with the contract's schema, runs the handler and answers a Result). Nothing thrown here
// crosses to the page: Electron would pass on only an error's message.
import { ipcMain, type BrowserWindow, type IpcMainEvent } from 'electron'
import { EVENT_NAMES, type AppEvent, type Result } from '../../shared/contract'
import type { AppController } from '../core/app/controller'
import { senderIsApp, type SenderPolicy } from './sender-check'
import { createEventRelay } from './event-relay'

export const INVOKE_CHANNEL = 'app:invoke'
export const EVENT_CHANNEL = 'app:event'
/** The preload says on it that the page has subscribed to events. */
export const LISTENING_CHANNEL = 'app:listening'

const FORBIDDEN: Result<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'Only the app’s own page may call the app' }
}

export interface RouterOptions extends SenderPolicy {
  /** Resolves once the engine has started (requests made earlier wait for it). */
  controller: () => Promise<AppController>
}

export function registerIpcRouter(opts: RouterOptions): () => void {
  ipcMain.handle(INVOKE_CHANNEL, async (event, route: unknown, input: unknown): Promise<Result<unknown>> => {
    if (!senderIsApp(event, opts)) return FORBIDDEN
    try {
      const controller = await opts.controller()
      return await controller.dispatch(typeof route === 'string' ? route : String(route), input)
    } catch (err) {
      // dispatch never throws; this is the engine failing to start.
      return { ok: false, error: { code: 'internal', message: err instanceof Error ? err.message : 'The app could not start its engine' } }
    }
  })
  return () => ipcMain.removeHandler(INVOKE_CHANNEL)
}

/** Something that raises events for the page: the controller, the updater. */
export interface AppEventSource {
  onEvent(listener: (e: AppEvent) => void): () => void
}

/**
 * Sends every event of the sources (the controller's, the updater's) to the window as
 * (name, payload); the preload passes on the payload only. Notices wait until the window's
 * page listens (see event-relay). The page's "listening" is heard from the first moment,
 * though a source may still be starting (the controller is, while the engine starts): a
 * page that subscribed before it was ready still gets what it says once it is.
 */
export function forwardEvents(sources: readonly (AppEventSource | Promise<AppEventSource>)[], window: () => BrowserWindow | null, policy: SenderPolicy): () => void {
  const relay = createEventRelay({
    currentPage: () => {
      const win = window()
      return win && !win.isDestroyed() && !win.webContents.isDestroyed() ? win.webContents.id : null
    },
    send: (e) => sendAppEvent(window(), e)
  })
  const onListening = (event: IpcMainEvent) => {
    if (senderIsApp(event, policy)) relay.pageListening(event.sender.id)
  }
  ipcMain.on(LISTENING_CHANNEL, onListening)
  let stopped = false
  const offs: (() => void)[] = []
  for (const source of sources) {
    // A source that never starts raises nothing; its failure is the app's start failing, said there.
    void Promise.resolve(source).then((s) => {
      if (!stopped) offs.push(s.onEvent((e: AppEvent) => relay.push(e)))
    }, () => undefined)
  }
  return () => {
    stopped = true
    offs.forEach((off) => off())
    ipcMain.removeListener(LISTENING_CHANNEL, onListening)
  }
}

/** Sends one event the shell itself raises (from the menu, for instance). */
export function sendAppEvent(win: BrowserWindow | null, e: AppEvent): void {
  if (!win || win.isDestroyed() || win.webContents.isDestroyed()) return
  win.webContents.send(EVENT_CHANNEL, e.name, e.payload)
}

/**
 * Menu commands for the page ride on the event channel as `menu.command`. They are sent
 * only once the contract declares that event: the preload drops names it does not know.
 */
const MENU_EVENT = 'menu.command'
export function sendMenuCommand(win: BrowserWindow | null, command: string): boolean {
  if (!(EVENT_NAMES as readonly string[]).includes(MENU_EVENT)) return false
  if (!win || win.isDestroyed() || win.webContents.isDestroyed()) return false
  win.webContents.send(EVENT_CHANNEL, MENU_EVENT, { command })
  return true
}
