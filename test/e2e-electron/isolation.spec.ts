// The window is locked down: isolated, sandboxed, no Node in the page, only the contract's
// three functions on window.api, no new windows and no navigation away.
import { electronSkipReason, expect, test, type PageGlobal } from './electron-app'

// Skipped, with the reason printed, where no Electron binary (or no display) is available.
const whyElectronCannotRun = electronSkipReason()
test.skip(whyElectronCannotRun !== null, `Electron cannot run here: ${whyElectronCannotRun}`)

test('the window runs isolated and sandboxed', async ({ shell }) => {
  const prefs = await shell.app.evaluate(({ BrowserWindow }) => {
    const contents = BrowserWindow.getAllWindows()[0]!.webContents
    // Not in Electron's typings, but the authoritative record of what the page got.
    const p = (contents as unknown as { getLastWebPreferences(): Record<string, unknown> }).getLastWebPreferences()
    return {
      contextIsolation: p['contextIsolation'],
      sandbox: p['sandbox'],
      nodeIntegration: p['nodeIntegration'],
      nodeIntegrationInSubFrames: p['nodeIntegrationInSubFrames'],
      webSecurity: p['webSecurity'],
      allowRunningInsecureContent: p['allowRunningInsecureContent'],
      webviewTag: p['webviewTag']
    }
  })
  expect(prefs).toEqual({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false
  })
  expect(await shell.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1)
})

test('every renderer is sandboxed app-wide, before any window exists', async ({ shell }) => {
  // app.enableSandbox() turns Chromium's sandbox on for every renderer through this switch.
  expect(await shell.app.evaluate(({ app }) => app.commandLine.hasSwitch('enable-sandbox'))).toBe(true)
})

test('the page has no Node and only the contract on window.api', async ({ shell }) => {
  const page = await shell.window.evaluate(() => {
    const w = globalThis as unknown as PageGlobal
    const api = w.api as Record<string, unknown> | undefined
    return {
      require: typeof w['require'],
      process: typeof w['process'],
      module: typeof w['module'],
      buffer: typeof w['Buffer'],
      apiKeys: api ? Object.keys(api).sort() : null,
      apiTypes: api ? Object.values(api).map((v) => typeof v) : null
    }
  })
  expect(page.require).toBe('undefined')
  expect(page.process).toBe('undefined')
  expect(page.module).toBe('undefined')
  expect(page.buffer).toBe('undefined')
  expect(page.apiKeys).toEqual(['invoke', 'on', 'startDrag'])
  expect(page.apiTypes).toEqual(['function', 'function', 'function'])
})

test('window.open is refused', async ({ shell }) => {
  const opened = await shell.window.evaluate(() => (globalThis as unknown as PageGlobal).open('https://example.com/') === null)
  expect(opened).toBe(true)
  expect(await shell.app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1)
})

test('navigation away from the app is refused', async ({ shell }) => {
  const before = shell.window.url()
  // Listen in main for the navigation attempt, then make it from the page: the app's own
  // listener runs first, so this one sees whether it was prevented.
  await shell.app.evaluate(({ BrowserWindow }) => {
    const contents = BrowserWindow.getAllWindows()[0]!.webContents
    ;(globalThis as Record<string, unknown>)['navigationProbe'] = new Promise((resolve) => {
      contents.once('will-navigate', (event) => resolve({ url: event.url, prevented: event.defaultPrevented }))
    })
  })
  await shell.window.evaluate(() => {
    ;(globalThis as unknown as PageGlobal).location.href = 'https://example.com/'
  })
  const probe = await shell.app.evaluate(() => (globalThis as Record<string, unknown>)['navigationProbe'] as Promise<{ url: string; prevented: boolean }>)
  expect(probe).toEqual({ url: 'https://example.com/', prevented: true })
  expect(await shell.window.evaluate(() => (globalThis as unknown as PageGlobal).location.href)).toBe(before)
})
