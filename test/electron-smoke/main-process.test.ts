// The built desktop app's main process (out/main/index.js) and preload, run under plain
// Node with a strict stand-in for Electron: it starts, opens its locked-down window,
// serves its page and the library, answers its own page and no one else, saves a demo job
// submitted through the preload, refuses navigation, new windows and permissions, sends
// its menu's commands (in the language chosen) and, on quit, closes the engine before it exits.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FileSettingsStore } from '../../src/main/core/settings/file-settings-store'
import { CONTENT_SECURITY_POLICY } from '../../src/shared/csp'
import { ROUTE_NAMES, type AppApi } from '../../src/shared/contract'
import type { JobView, LibraryEntry } from '../../src/shared/app/views'
import { createElectronStub, installElectronStub, type ElectronStub, type FakeFrame } from './electron-stub'
import { runPreload } from './preload-vm'

const OUT = resolve(__dirname, '../../out')
const MAIN_BUNDLE = join(OUT, 'main/index.js')
const ENTRY = 'app://mediagen/index.html'
// Every answer of the library scheme, refusals included.
const LIBRARY_SANDBOX = { csp: "sandbox; default-src 'none'", nosniff: 'nosniff' }
const sandboxHeadersOf = (res: Response) => ({ csp: res.headers.get('content-security-policy'), nosniff: res.headers.get('x-content-type-options') })

// Node's own loader, not the test runner's: the bundle and everything it imports load as
// under Electron, with 'electron' resolved by the stub's hooks. (require() of an ES module
// needs no top-level await, and the bundle has none.)
const loadNative = createRequire(import.meta.url)

let userData: string
let stub: ElectronStub
let api: AppApi
let reachedMain: string[]

async function lockDirs(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isDirectory() && e.name === 'owner.lock').map((e) => join(e.parentPath, e.name))
}

beforeAll(async () => {
  if (!existsSync(MAIN_BUNDLE)) throw new Error(`${MAIN_BUNDLE} is missing: build the app first (npx electron-vite build)`)
  userData = await mkdtemp(join(tmpdir(), 'electron-smoke-'))
  process.env['MEDIAGEN_USER_DATA'] = userData
  process.env['MEDIAGEN_DEMO_SPEED'] = '40'
  stub = createElectronStub({ userData: join(userData, 'unused-default') })
  installElectronStub(stub)
  loadNative(MAIN_BUNDLE)
  // What Electron only takes before it is ready was done (the stub throws otherwise).
  expect(stub.record.sandboxed).toBe(true)
  expect(stub.record.schemes.map((s) => (s as { scheme: string }).scheme)).toEqual(['app', 'mediagen-library'])
  stub.emitReady()
  await vi.waitFor(() => expect(stub.record.ipcHandlers.has('app:invoke') && stub.record.windows.length === 1).toBe(true))
  const win = stub.window()
  const preload = runPreload(await readFile(join(OUT, 'preload/index.cjs'), 'utf8'), (channel, route, input) => {
    reachedMain.push(String(route))
    return stub.invoke(win.webContents.mainFrame, win.webContents, route, input)
  }, (channel, ...args) => stub.send(win.webContents.mainFrame, win.webContents, channel, ...args))
  expect(Object.keys(preload)).toEqual(['api'])
  api = preload['api'] as AppApi
})

afterAll(async () => {
  if (userData) await rm(userData, { recursive: true, force: true })
})

describe('the desktop app under a stand-in Electron', () => {
  it('opens one window with a sandboxed, isolated preload, on the app page under its CSP', async () => {
    const win = stub.window()
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false })
    expect(win.options.webPreferences['preload']).toBe(join(OUT, 'preload/index.cjs'))
    expect(win.webContents.getURL()).toBe(ENTRY)
    await vi.waitFor(() => expect(win.isVisible()).toBe(true))
    let headers: Record<string, string[]> = {}
    stub.record.headersHandler!({ resourceType: 'mainFrame', url: ENTRY, responseHeaders: { 'content-security-policy': ['default-src *'] } }, (r: { responseHeaders: Record<string, string[]> }) => (headers = r.responseHeaders))
    expect(headers).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY], 'X-Content-Type-Options': ['nosniff'] })
    expect(stub.record.errors).toEqual([])
  })

  it('serves the built page over app:// with its CSP and refuses paths outside it', async () => {
    const serve = stub.record.protocols.get('app')!
    const page = await serve(new Request(ENTRY))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(await page.text()).toContain('<div id="root">')
    for (const escape of ['app://mediagen/%2e%2e/main/index.js', 'app://mediagen/..%2F..%2Fpackage.json', 'app://mediagen/assets/..%5C..%5Cmain%5Cindex.js']) {
      expect((await serve(new Request(escape))).status, escape).toBe(404)
    }
  })

  it('answers the app page and refuses an iframe or another web contents', async () => {
    const win = stub.window()
    const top = win.webContents.mainFrame
    const info = await stub.invoke(top, win.webContents, 'app.info', {})
    expect(info).toMatchObject({ ok: true, data: { mode: 'demo', platform: 'electron' } })
    const iframe: FakeFrame = { ...top, parent: top, routingId: top.routingId + 1000 }
    expect(await stub.invoke(iframe, win.webContents, 'app.info', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    const other = { ...win.webContents, id: -1, isDestroyed: () => false }
    expect(await stub.invoke(top, other as never, 'app.info', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } })
  })

  it('the preload passes on every route of the contract and nothing else', async () => {
    reachedMain = []
    for (const route of ROUTE_NAMES) await api.invoke(route, { probe: true } as never)
    expect(await api.invoke('fs.readFile' as never, {} as never)).toMatchObject({ ok: false, error: { code: 'unknown_route' } })
    expect(reachedMain).toEqual(ROUTE_NAMES)
  })

  it('keeps its settings in the file every shell shares, which the Node host and the command line open', async () => {
    expect(await api.invoke('settings.update', { theme: 'light', cdnRetentionHours: 6 } as never)).toMatchObject({ ok: true })
    const file = join(userData, 'settings.json')
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ schemaVersion: 1, settings: expect.objectContaining({ theme: 'light', cdnRetentionHours: 6 }) })
    expect(new FileSettingsStore(file).get()).toMatchObject({ theme: 'light', cdnRetentionHours: 6 })
  })

  it('builds its menu again in the language chosen in Settings, read from the bundle’s own catalogs', async () => {
    type Item = { label?: string }
    const topLabels = () => (stub.record.menu as { template: Item[] }).template.map((m) => m.label)
    expect(topLabels()).toEqual(['&File', '&Edit', '&View', '&Window', '&Help'])
    expect(await api.invoke('settings.update', { language: 'fr' } as never)).toMatchObject({ ok: true })
    await vi.waitFor(() => expect(topLabels()).toEqual(['&Fichier', '&Édition', '&Affichage', 'Fe&nêtre', '&Aide']))
    expect(await api.invoke('settings.update', { language: 'system' } as never)).toMatchObject({ ok: true })
    await vi.waitFor(() => expect(topLabels()[0]).toBe('&File'))
  })

  it('saves a demo job submitted through the preload, and serves its file over the library scheme only', async () => {
    const submitted = await api.invoke('jobs.submit', { request: { model: 'i1-1', prompt: 'a lighthouse at dusk' } } as never)
    expect(submitted.ok).toBe(true)
    const job = (submitted as { data: JobView }).data
    const entry = await vi.waitFor(async () => {
      const r = (await api.invoke('library.get', { jobId: job.jobId } as never)) as { ok: boolean; data?: LibraryEntry }
      expect(r.data?.files[0]?.state).toBe('saved')
      return r.data!
    }, { timeout: 60_000, interval: 50 })
    const rel = entry.files[0]!.path!
    const onDisk = (await readdir(userData, { recursive: true })).filter((p) => p.endsWith(rel))
    expect(onDisk).toHaveLength(1)
    const serve = stub.record.protocols.get('mediagen-library')!
    const file = await serve(new Request(`mediagen-library://file/${rel.split('/').map(encodeURIComponent).join('/')}`))
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(sandboxHeadersOf(file)).toEqual(LIBRARY_SANDBOX)
    expect(Buffer.from(await file.arrayBuffer())).toEqual(await readFile(join(userData, onDisk[0]!)))
    for (const escape of ['mediagen-library://file/..%2F..%2Fsecrets.json', 'mediagen-library://file/%2e%2e/secrets.json']) {
      const refused = await serve(new Request(escape))
      expect(refused.status, escape).toBe(404)
      expect(sandboxHeadersOf(refused), escape).toEqual(LIBRARY_SANDBOX)
    }
    // A file with script put in the library folder, under a picture's name, is refused.
    const planted = join(userData, onDisk[0]!.slice(0, -rel.length), 'files', 'planted.png')
    await writeFile(planted, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const hostile = await serve(new Request('mediagen-library://file/files/planted.png'))
    expect(hostile.status).toBe(415)
    expect(sandboxHeadersOf(hostile)).toEqual(LIBRARY_SANDBOX)
    expect(await hostile.text()).not.toContain('<script>')
  })

  it('denies navigation away, new windows and permissions the app does not use', () => {
    const contents = stub.window().webContents
    const navigate = (url: string) => {
      const event = { url, isMainFrame: true, isSameDocument: false, preventDefault: vi.fn() }
      contents.emit('will-navigate', event)
      return event.preventDefault.mock.calls.length > 0
    }
    expect(navigate('https://evil.example/')).toBe(true)
    expect(navigate('file:///etc/passwd')).toBe(true)
    expect(navigate(ENTRY)).toBe(false)
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
    const ask = (permission: string) => {
      let granted: boolean | null = null
      stub.record.permissionRequest!(contents, permission, (g: boolean) => (granted = g), { isMainFrame: true, requestingUrl: ENTRY })
      return granted
    }
    expect(ask('geolocation')).toBe(false)
    expect(ask('media')).toBe(false)
    expect(ask('clipboard-sanitized-write')).toBe(true)
  })

  it('sends the menu command for a new generation to the page, kept for it until it listens', async () => {
    type Item = { label?: string; click?: () => void; submenu?: Item[] }
    const menu = stub.record.menu as { template: Item[] }
    const item = menu.template.flatMap((m) => m.submenu ?? []).find((i) => i.label === 'New Generation')
    item!.click!()
    const sent = () => stub.window().webContents.sent
    // A page still loading has not subscribed: the command waits for it rather than being lost.
    expect(sent()).not.toContainEqual(['app:event', 'menu.command', { command: 'new-generation' }])
    // The page says it listens when its shell subscribes to notices, as it does on start.
    api.on('notice', () => undefined)
    await vi.waitFor(() => expect(sent()).toContainEqual(['app:event', 'menu.command', { command: 'new-generation' }]))
  })

  it('closes the engine, releasing its folders, before it exits', async () => {
    expect(await lockDirs(userData)).not.toEqual([])
    stub.electron.app.quit()
    expect(await stub.exited).toBe(0)
    expect(await lockDirs(userData)).toEqual([])
  })
})
