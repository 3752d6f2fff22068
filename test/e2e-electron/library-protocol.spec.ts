// mediagen-library:// serves media files inside the library folder (with ranges, for video
// seeking), typed by their bytes and sandboxed, and nothing else: `..`, encoded slashes
// and symlinks out of the folder are 404, a file with script in the folder is 415.
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { electronSkipReason, expect, test, type PageGlobal, type Shell } from './electron-app'

// Skipped, with the reason printed, where no Electron binary (or no display) is available.
const whyElectronCannotRun = electronSkipReason()
test.skip(whyElectronCannotRun !== null, `Electron cannot run here: ${whyElectronCannotRun}`)

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

async function libraryDir(shell: Shell): Promise<string> {
  const info = await shell.window.evaluate(() => (globalThis as unknown as PageGlobal).api!.invoke('app.info', {}))
  expect(info.ok).toBe(true)
  return String(info.data?.['libraryDir'])
}

/** Fetches through the app's protocol handler from the main process, which sees status codes. */
function fetchInMain(shell: Shell, url: string, range?: string): Promise<{ status: number; type: string | null; length: number; csp: string | null }> {
  return shell.app.evaluate(async ({ net }, arg) => {
    const res = await net.fetch(arg.url, arg.range ? { headers: { Range: arg.range } } : {})
    const body = await res.arrayBuffer()
    return { status: res.status, type: res.headers.get('content-type'), length: body.byteLength, csp: res.headers.get('content-security-policy') }
  }, { url, range })
}

const SANDBOX = "sandbox; default-src 'none'"

test('a library file is served to the page, with ranges', async ({ shell }) => {
  const dir = await libraryDir(shell)
  await mkdir(join(dir, 'files', 'e2e'), { recursive: true })
  await writeFile(join(dir, 'files', 'e2e', '0.png'), PNG)

  const whole = await fetchInMain(shell, 'mediagen-library://file/files/e2e/0.png')
  expect(whole).toEqual({ status: 200, type: 'image/png', length: PNG.length, csp: SANDBOX })
  const part = await fetchInMain(shell, 'mediagen-library://file/files/e2e/0.png', 'bytes=0-9')
  expect(part).toEqual({ status: 206, type: 'image/png', length: 10, csp: SANDBOX })

  const width = await shell.window.evaluate(
    (src) =>
      new Promise<number>((resolve) => {
        const img = new (globalThis as unknown as PageGlobal).Image()
        img.onload = () => resolve(img.naturalWidth)
        img.onerror = () => resolve(-1)
        img.src = src
      }),
    'mediagen-library://file/files/e2e/0.png'
  )
  expect(width).toBe(1)
})

test('nothing outside the library folder is served', async ({ shell }) => {
  const dir = await libraryDir(shell)
  await mkdir(join(dir, 'files', 'e2e'), { recursive: true })
  await writeFile(join(shell.userData, 'outside.txt'), 'not for the page')
  const escapes = [
    'mediagen-library://file/../../outside.txt',
    'mediagen-library://file/files/..%2F..%2F..%2Foutside.txt',
    'mediagen-library://file/%2E%2E/%2E%2E/outside.txt',
    `mediagen-library://file/${encodeURIComponent(join(shell.userData, 'outside.txt'))}`,
    'mediagen-library://elsewhere/files/e2e/0.png'
  ]
  if (process.platform !== 'win32') {
    await symlink(join(shell.userData, 'outside.txt'), join(dir, 'files', 'e2e', 'link.txt'))
    escapes.push('mediagen-library://file/files/e2e/link.txt')
  }
  for (const url of escapes) {
    expect((await fetchInMain(shell, url)).status, url).toBe(404)
  }
})

test('a file with script in the library folder is refused, whatever its name', async ({ shell }) => {
  const dir = await libraryDir(shell)
  await mkdir(join(dir, 'files', 'e2e'), { recursive: true })
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>document.title = "ran"</script></svg>'
  for (const name of ['drawing.svg', 'drawing.png']) {
    await writeFile(join(dir, 'files', 'e2e', name), svg)
    const answer = await fetchInMain(shell, `mediagen-library://file/files/e2e/${name}`)
    expect(answer, name).toMatchObject({ status: 415, type: 'text/plain; charset=utf-8', csp: SANDBOX })
  }
})
