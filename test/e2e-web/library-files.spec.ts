// A library file is media, never a page: a file with script placed in the library folder
// (an SVG, an HTML page, HTML under a picture's name) is refused, so opening its address
// runs nothing with the page's token, and the key stays saved. Real media is served with
// its type from its bytes, under a CSP that sandboxes it.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { test, expect } from './app-host'
import { invoke } from './host-api'
import { LIVE_KEY, saveKey, setBaseUrl, startLiveService, type LiveService } from './live-service'

let live: LiveService | null = null
test.afterEach(async () => {
  await live?.close()
  live = null
})

// What an attacker's file would do with the page's token: clear the key. A synchronous
// request, so that it is done by the time the document has loaded.
const STEAL = `
  var token = new URLSearchParams(location.search).get('token');
  var xhr = new XMLHttpRequest();
  xhr.open('POST', '/api/invoke/key.clear', false);
  xhr.setRequestHeader('Content-Type', 'application/json');
  xhr.setRequestHeader('X-Host-Token', token);
  xhr.send('{}');
  document.title = 'script ran';
`
const HOSTILE: Record<string, string> = {
  'drawing.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${STEAL}</script></svg>`,
  'page.html': `<!doctype html><title>page</title><script>${STEAL}</script>`,
  'picture.png': `<!doctype html><title>page</title><script>${STEAL}</script>`,
  'notes.txt': `<script>${STEAL}</script>`
}

test('a file with script in the library folder cannot run with the page token', async ({ page, app }) => {
  live = await startLiveService()
  await page.goto(app.openUrl)
  await setBaseUrl(page, live.sim.url)
  await saveKey(page, LIVE_KEY)
  await expect(page.getByTestId('key-status')).toContainText('Connected')
  const token = new URL(app.openUrl).hash.replace(/^#token=/, '')
  const info = await invoke<{ libraryDir: string; keySet: boolean }>(app, 'app.info', {})
  expect(info.keySet).toBe(true)

  const dir = join(info.libraryDir, 'files', 'planted')
  await mkdir(dir, { recursive: true })
  for (const [name, text] of Object.entries(HOSTILE)) await writeFile(join(dir, name), text)
  const picture = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3060c0' } }).png().toBuffer()
  // A real picture under a name that says otherwise: its bytes decide its type.
  await writeFile(join(dir, 'real.jpg'), picture)

  const opened = await page.context().newPage()
  const answers: Record<string, { status?: number; csp?: string; nosniff?: string; title: string }> = {}
  for (const name of Object.keys(HOSTILE)) {
    const response = await opened.goto(`${app.url}/library/files/planted/${name}?token=${encodeURIComponent(token)}`).catch(() => null)
    const headers = response?.headers() ?? {}
    answers[name] = { status: response?.status(), csp: headers['content-security-policy'], nosniff: headers['x-content-type-options'], title: await opened.title() }
  }
  // First the harm itself: the key is still saved.
  expect((await invoke<{ keySet: boolean }>(app, 'app.info', {})).keySet).toBe(true)
  for (const name of Object.keys(HOSTILE)) {
    expect(answers[name], name).toEqual({ status: 415, csp: "sandbox; default-src 'none'", nosniff: 'nosniff', title: expect.not.stringContaining('script ran') })
  }
  const real = await opened.goto(`${app.url}/library/files/planted/real.jpg?token=${encodeURIComponent(token)}`)
  expect(real?.status()).toBe(200)
  expect(real?.headers()['content-type']).toBe('image/png')
  expect(real?.headers()['content-security-policy']).toBe("sandbox; default-src 'none'")
  await opened.close()

  // The key is still saved, and the app still shows it connected.
  expect((await invoke<{ keySet: boolean }>(app, 'app.info', {})).keySet).toBe(true)
  await page.reload()
  await page.getByTestId('nav-settings').click()
  await expect(page.getByTestId('key-status')).toContainText('Connected')
})
