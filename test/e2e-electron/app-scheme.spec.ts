// The built page is served over the app's own scheme, app://mediagen, from out/renderer and
// nothing else: the window shows it, the page's origin is the app's, its CSP comes with it,
// and no path leads out of the renderer folder.
import { electronSkipReason, expect, test, type PageGlobal, type Shell } from './electron-app'

// Skipped, with the reason printed, where no Electron binary (or no display) is available.
const whyElectronCannotRun = electronSkipReason()
test.skip(whyElectronCannotRun !== null, `Electron cannot run here: ${whyElectronCannotRun}`)

/** Fetches through the app's protocol handler from the main process, which sees status codes and headers. */
function fetchInMain(shell: Shell, url: string): Promise<{ status: number; type: string | null; csp: string | null }> {
  return shell.app.evaluate(async ({ net }, target) => {
    const res = await net.fetch(target)
    await res.arrayBuffer()
    return { status: res.status, type: res.headers.get('content-type'), csp: res.headers.get('content-security-policy') }
  }, url)
}

test('the window loads the page from app://mediagen, which has an origin of its own', async ({ shell }) => {
  expect(shell.window.url()).toBe('app://mediagen/index.html')
  const page = await shell.window.evaluate(() => {
    const w = globalThis as unknown as PageGlobal & { origin: string; isSecureContext: boolean }
    return { origin: w.origin, secure: w.isSecureContext }
  })
  expect(page).toEqual({ origin: 'app://mediagen', secure: true })
  // The module scripts ran: the app is on screen.
  await expect(shell.window.getByTestId('demo-banner')).toBeVisible()
})

test('the page comes with its CSP; scripts and styles with their types', async ({ shell }) => {
  const index = await fetchInMain(shell, 'app://mediagen/index.html')
  expect(index.status).toBe(200)
  expect(index.type).toBe('text/html; charset=utf-8')
  expect(index.csp).toContain("script-src 'self'")
  const script = await shell.window.evaluate(() => (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document.querySelector('script[type="module"]')?.getAttribute('src') ?? null)
  expect(script).not.toBeNull()
  const js = await fetchInMain(shell, new URL(script!, 'app://mediagen/index.html').href)
  expect(js).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' })
})

test('nothing outside the renderer folder is served', async ({ shell }) => {
  for (const url of ['app://mediagen/../main/index.js', 'app://mediagen/%2e%2e/main/index.js', 'app://mediagen/assets%2F..%2F..%2Fmain%2Findex.js', 'app://mediagen/missing.js', 'app://elsewhere/index.html']) {
    expect((await fetchInMain(shell, url)).status, url).toBe(404)
  }
})
