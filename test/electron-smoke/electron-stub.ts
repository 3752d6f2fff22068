// A strict stand-in for the 'electron' module, so the built main bundle runs under plain
// Node. It defines only what the app uses: touching any other member throws, and so does
// calling a member before or after `ready` when Electron would refuse it. It records what
// main asks of it, for the smoke test to inspect and drive.
import { EventEmitter } from 'node:events'
import { registerHooks } from 'node:module'
import { netRequest, type NetRequestOptions } from './net-stub'

const GLOBAL_KEY = Symbol.for('mediagen.electron-stub')
const STUB_URL = 'electron-stub:electron'

type Listener = (...args: unknown[]) => unknown
type Handler = (...args: unknown[]) => unknown

/** Any member the app does not use is a failure, not an `undefined`. */
function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      // `then` is probed by `await` on any object; symbols by Node's inspection.
      if (typeof key === 'symbol' || key === 'then' || key in obj) return Reflect.get(obj, key, receiver) as unknown
      throw new Error(`electron stub: ${name}.${key} is not defined`)
    }
  })
}

export interface FakeFrame {
  url: string
  parent: FakeFrame | null
  processId: number
  routingId: number
  isDestroyed(): boolean
}

let nextId = 1
class FakeWebContents extends EventEmitter {
  readonly id = nextId++
  readonly sent: unknown[][] = []
  readonly mainFrame: FakeFrame
  windowOpenHandler: Handler | null = null
  destroyed = false
  constructor() {
    super()
    this.mainFrame = { url: '', parent: null, processId: 1, routingId: this.id, isDestroyed: () => this.destroyed }
  }
  send(...args: unknown[]): void { this.sent.push(args) }
  setWindowOpenHandler(handler: Handler): void { this.windowOpenHandler = handler }
  isDestroyed(): boolean { return this.destroyed }
  getURL(): string { return this.mainFrame.url }
}

export function createElectronStub(paths: { userData: string; version?: string }) {
  let ready = false
  const afterReady = (what: string) => { if (!ready) throw new Error(`electron stub: ${what} before the app is ready`) }
  const beforeReady = (what: string) => { if (ready) throw new Error(`electron stub: ${what} after the app is ready`) }
  const record = {
    windows: [] as FakeWindow[], schemes: [] as unknown[], protocols: new Map<string, (r: Request) => Promise<Response>>(),
    ipcHandlers: new Map<string, Handler>(), menu: null as unknown, errors: [] as string[], sandboxed: false,
    headersHandler: null as Handler | null, permissionRequest: null as Handler | null, permissionCheck: null as Handler | null,
    exitCode: null as number | null, partitions: [] as string[], requested: [] as string[], singleInstanceLock: true,
    /** Every notification shown, in order; each can be clicked (`emit('click')`). */
    notifications: [] as FakeNotification[],
    /** Every value given to a window's setProgressBar, and to app.setBadgeCount. */
    progress: [] as number[], badge: [] as number[]
  }
  let readyResolve = () => {}
  const whenReadyPromise = new Promise<void>((resolve) => (readyResolve = resolve))
  let exitResolve = (_code: number) => {}
  const exited = new Promise<number>((resolve) => (exitResolve = resolve))
  const exit = (code: number) => { if (record.exitCode === null) { record.exitCode = code; exitResolve(code) } }

  const appEmitter = new EventEmitter()
  const app = strict('app', {
    isPackaged: false,
    on: (event: string, listener: Listener) => (appEmitter.on(event, listener), app),
    once: (event: string, listener: Listener) => (appEmitter.once(event, listener), app),
    whenReady: () => whenReadyPromise,
    isReady: () => ready,
    setPath: (name: string, value: string) => { beforeReady(`app.setPath('${name}')`); if (name === 'userData') paths.userData = value },
    getPath: (name: string) => { if (name !== 'userData') throw new Error(`electron stub: app.getPath('${name}')`); return paths.userData },
    enableSandbox: () => { beforeReady('app.enableSandbox'); record.sandboxed = true },
    requestSingleInstanceLock: () => true,
    releaseSingleInstanceLock: () => void (record.singleInstanceLock = false),
    getName: () => 'MediaGen Studio',
    getPreferredSystemLanguages: () => ['en-US'],
    getLocale: () => 'en-US',
    getVersion: () => paths.version ?? '0.0.0-smoke',
    setBadgeCount: (count = 0) => (afterReady('app.setBadgeCount'), record.badge.push(count), true),
    quit: () => {
      let prevented = false
      appEmitter.emit('before-quit', { preventDefault: () => (prevented = true) })
      if (prevented) return
      appEmitter.emit('will-quit', { preventDefault: () => {} })
      // As Electron does: the event, then the exit code.
      appEmitter.emit('quit', {}, 0)
      exit(0)
    },
    exit: (code = 0) => exit(code)
  })

  class FakeWindow extends EventEmitter {
    readonly webContents = strict('WebContents', new FakeWebContents())
    visible = false
    focused = false
    destroyed = false
    constructor(readonly options: { webPreferences: Record<string, unknown> } & Record<string, unknown>) {
      super()
      afterReady('new BrowserWindow')
      const self = strict('BrowserWindow', this)
      record.windows.push(self)
      appEmitter.emit('web-contents-created', {}, this.webContents)
      return self
    }
    loadURL(url: string): Promise<void> {
      this.webContents.mainFrame.url = url
      queueMicrotask(() => this.emit('ready-to-show'))
      return Promise.resolve()
    }
    // As Electron's: showing a window gives it the focus.
    show(): void { this.visible = true; this.focused = true }
    isVisible(): boolean { return this.visible }
    isDestroyed(): boolean { return this.destroyed }
    isMinimized(): boolean { return false }
    isMaximized(): boolean { return false }
    focus(): void { this.focused = true; this.emit('focus') }
    blur(): void { this.focused = false; this.emit('blur') }
    isFocused(): boolean { return this.focused }
    setProgressBar(progress: number, options?: Record<string, unknown>): void {
      if (typeof progress !== 'number' || (options !== undefined && typeof options !== 'object')) throw new Error('electron stub: setProgressBar(progress: number, options?)')
      record.progress.push(progress)
    }
    getNormalBounds() { return { x: 10, y: 10, width: 1280, height: 820 } }
    close(): void {
      this.emit('close', { preventDefault: () => {} })
      this.destroyed = this.webContents.destroyed = true
      this.emit('closed')
      appEmitter.emit('window-all-closed')
    }
  }

  /** Electron's NativeImage as the app makes one: from the bytes of a PNG or JPEG (an empty image otherwise, as Electron's). */
  const imageFromBuffer = (buffer: Buffer) => {
    const readable = buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) || buffer.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))
    return strict('NativeImage', { png: readable ? Buffer.from(buffer) : null, isEmpty: () => !readable })
  }

  class FakeNotification extends EventEmitter {
    static isSupported(): boolean { return true }
    shown = false
    constructor(readonly options: { title: string; body: string; icon?: { png: Buffer | null } } & Record<string, unknown>) {
      super()
      afterReady('new Notification')
      return strict('Notification', this)
    }
    show(): void {
      this.shown = true
      record.notifications.push(this)
    }
    close(): void { this.emit('close') }
  }

  const sessions = new Set<object>()
  const fromPartition = (partition: string, options: Record<string, unknown> = {}) => {
    afterReady(`session.fromPartition('${partition}')`)
    for (const key of Object.keys(options)) if (key !== 'cache') throw new Error(`electron stub: session.fromPartition has no option '${key}'`)
    record.partitions.push(partition)
    const session = strict('Session', {})
    sessions.add(session)
    return session
  }

  const ipcEmitter = new EventEmitter()
  const module = {
    app,
    BrowserWindow: strict('BrowserWindow', FakeWindow),
    ipcMain: strict('ipcMain', {
      handle: (channel: string, handler: Handler) => void record.ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => void record.ipcHandlers.delete(channel),
      on: (channel: string, listener: Listener) => void ipcEmitter.on(channel, listener),
      off: (channel: string, listener: Listener) => void ipcEmitter.off(channel, listener)
    }),
    protocol: strict('protocol', {
      registerSchemesAsPrivileged: (schemes: unknown[]) => { beforeReady('protocol.registerSchemesAsPrivileged'); record.schemes = schemes },
      handle: (scheme: string, handler: (r: Request) => Promise<Response>) => { afterReady(`protocol.handle('${scheme}')`); record.protocols.set(scheme, handler) }
    }),
    session: strict('session', {
      fromPartition,
      get defaultSession() {
        afterReady('session.defaultSession')
        return strict('Session', {
          webRequest: strict('WebRequest', { onHeadersReceived: (h: Handler) => void (record.headersHandler = h) }),
          setPermissionRequestHandler: (h: Handler) => void (record.permissionRequest = h),
          setPermissionCheckHandler: (h: Handler) => void (record.permissionCheck = h),
          setDevicePermissionHandler: () => {}
        })
      }
    }),
    safeStorage: strict('safeStorage', {
      isAsyncEncryptionAvailable: () => (afterReady('safeStorage'), Promise.resolve(true)),
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptStringAsync: (text: string) => Promise.resolve(Buffer.from(text).reverse()),
      decryptStringAsync: (data: Buffer) => Promise.resolve({ result: Buffer.from(data).reverse().toString(), shouldReEncrypt: false })
    }),
    Menu: strict('Menu', {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (menu: unknown) => void (record.menu = menu)
    }),
    screen: strict('screen', { getAllDisplays: () => (afterReady('screen'), [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) }),
    dialog: strict('dialog', { showErrorBox: (title: string, body: string) => void record.errors.push(`${title}: ${body}`) }),
    net: strict('net', {
      request: (options: NetRequestOptions) => (afterReady('net.request'), strict('ClientRequest', netRequest(options, (x) => sessions.has(x as object), record.requested)))
    }),
    // Electron's own updater: electron-updater only emits 'before-quit-for-update' on it.
    autoUpdater: strict('autoUpdater', new EventEmitter()),
    shell: strict('shell', {}),
    Notification: strict('Notification', FakeNotification),
    nativeImage: strict('nativeImage', { createFromBuffer: (buffer: Buffer) => (afterReady('nativeImage.createFromBuffer'), imageFromBuffer(buffer)) })
  }
  // Typed loosely on purpose: the app sees the members above; the test needs only `app`.
  const electron: Record<string, unknown> & { app: typeof app } = strict('electron', module)
  return {
    electron, record, exited,
    emitReady() { ready = true; appEmitter.emit('ready'); readyResolve() },
    invoke: async (sender: FakeFrame, contents: FakeWebContents, ...args: unknown[]): Promise<unknown> =>
      record.ipcHandlers.get('app:invoke')!({ sender: contents, senderFrame: sender }, ...args),
    /** A message the page's preload sends (ipcRenderer.send) reaching main's ipcMain.on. */
    send: (sender: FakeFrame, contents: FakeWebContents, channel: string, ...args: unknown[]) =>
      void ipcEmitter.emit(channel, { sender: contents, senderFrame: sender }, ...args),
    window: () => record.windows.at(-1)!
  }
}

export type ElectronStub = ReturnType<typeof createElectronStub>

/** Makes `import … from 'electron'` (and `require('electron')`) in this process load `stub`. */
export function installElectronStub(stub: ElectronStub): void {
  ;(globalThis as Record<symbol, unknown>)[GLOBAL_KEY] = stub.electron
  const names = Object.keys(stub.electron)
  registerHooks({
    resolve: (specifier, context, next) => (specifier === 'electron' ? { url: STUB_URL, shortCircuit: true } : next(specifier, context)),
    load: (url, context, next) => {
      if (url !== STUB_URL) return next(url, context)
      const source = `const e = globalThis[Symbol.for('mediagen.electron-stub')]; export default e; export const { ${names.join(', ')} } = e;`
      return { format: 'module', source, shortCircuit: true }
    }
  })
}
