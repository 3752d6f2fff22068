// The page's only door to the main process. It runs sandboxed, so it is one CommonJS file
// that requires nothing but 'electron'. The page gets `invoke`, `on` and `startDrag`; it
// never sees ipcRenderer, an IPC event object or a channel name.
//
// The route and event names are listed here rather than imported from the contract, whose
// zod schemas would otherwise be bundled into this file. The `Record<Name, true>` types
// make the compiler reject a list that is missing a name or has one the contract lacks.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { AppApi, EventName, EventPayload, RouteName } from '../shared/contract'

const INVOKE_CHANNEL = 'app:invoke'
const EVENT_CHANNEL = 'app:event'
const DRAG_CHANNEL = 'app:drag-out'
const LISTENING_CHANNEL = 'app:listening'

const ROUTES: Record<RouteName, true> = {
  'app.info': true,
  'settings.get': true,
  'settings.update': true,
  'key.set': true,
  'key.clear': true,
  'account.get': true,
  'catalog.list': true,
  'jobs.submit': true,
  'jobs.submitConfirmed': true,
  'jobs.list': true,
  'jobs.cancel': true,
  'jobs.retry': true,
  'jobs.dismiss': true,
  'jobs.team': true,
  'jobs.estimate': true,
  'library.list': true,
  'library.models': true,
  'library.get': true,
  'library.remove': true,
  'library.setFavorite': true,
  'boards.list': true,
  'boards.create': true,
  'boards.rename': true,
  'boards.delete': true,
  'boards.setMembers': true,
  'boards.move': true,
  'tags.change': true,
  'tags.suggest': true,
  'smartCollections.list': true,
  'smartCollections.create': true,
  'smartCollections.rename': true,
  'smartCollections.update': true,
  'smartCollections.delete': true,
  'collections.export': true,
  'collections.import': true,
  'library.restore': true,
  'saving.retryNow': true,
  'library.move': true,
  'library.repair': true,
  'library.reveal': true,
  'library.import': true,
  'library.importCancel': true,
  'library.similar': true,
  'library.duplicates': true,
  'library.removeMany': true,
  'library.restoreMany': true,
  'library.lineage': true,
  'library.lookProgress': true,
  'library.pickImportFolder': true,
  'settings.fromFile': true,
  'uploads.create': true,
  'uploads.carry': true,
  'uploads.fromLibrary': true,
  'uploads.renew': true,
  'loras.list': true,
  'loras.create': true,
  'loras.rename': true,
  'loras.delete': true,
  'assets.create': true,
  'legacy.submit': true,
  'legacy.estimate': true,
  'webhooks.health': true,
  'webhooks.check': true,
  'spend.summary': true,
  'shell.openExternal': true,
  'updates.status': true,
  'updates.check': true,
  'updates.restart': true,
  'limits.get': true
}

const EVENTS: Record<EventName, true> = {
  'job.updated': true,
  'job.removed': true,
  'library.updated': true,
  'library.removed': true,
  'account.updated': true,
  'catalog.changed': true,
  'app.changed': true,
  'library.moveProgress': true,
  'library.importProgress': true,
  'library.lookProgress': true,
  'smartCollections.countsChanged': true,
  'menu.command': true,
  notification: true,
  'notification.open': true,
  notice: true,
  'update.changed': true
}

function isRoute(name: unknown): name is RouteName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(ROUTES, name)
}

function isEvent(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(EVENTS, name)
}

type Handler = (payload: unknown) => void

// One IPC listener for the whole page, fanned out here, so that many subscriptions do not
// pile listeners onto ipcRenderer.
const handlers = new Map<EventName, Set<Handler>>()
ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (!isEvent(name)) return
  for (const handler of handlers.get(name) ?? []) {
    try {
      handler(payload)
    } catch (err) {
      // One failing subscriber must not keep the event from the others.
      console.error(`A handler of '${name}' failed`, err)
    }
  }
})

const api: AppApi = {
  invoke(route, input) {
    if (!isRoute(route)) {
      return Promise.resolve({ ok: false, error: { code: 'unknown_route', message: `Unknown route '${String(route).slice(0, 100)}'` } })
    }
    return ipcRenderer.invoke(INVOKE_CHANNEL, route, input)
  },

  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void {
    if (!isEvent(event) || typeof handler !== 'function') throw new TypeError(`Unknown event '${String(event).slice(0, 100)}'`)
    // The contextBridge hands over a proxy of the page's function; keep our own wrapper so
    // the unsubscribe below removes exactly this subscription.
    const wrapped: Handler = (payload) => handler(payload as EventPayload<E>)
    let set = handlers.get(event)
    if (!set) handlers.set(event, (set = new Set()))
    set.add(wrapped)
    // Notices raised before the page listened (why the engine could not start) wait in
    // the main process until then.
    if (event === 'notice' && set.size === 1) ipcRenderer.send(LISTENING_CHANNEL)
    return () => {
      set.delete(wrapped)
    }
  },

  startDrag(path: string): void {
    if (typeof path !== 'string' || path.length === 0 || path.length > 1024) return
    ipcRenderer.send(DRAG_CHANNEL, path)
  }
}

contextBridge.exposeInMainWorld('api', api)
