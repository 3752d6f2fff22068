// The app's page scheme serves the built renderer and nothing else: each file typed by its
// extension, the CSP on the page, no way out of the folder by dot segments, escapes or links.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveRendererFile } from '../../../src/main/electron/renderer-files'

const CSP = "default-src 'self'"
let base: string
let renderer: string

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'renderer-files-'))
  renderer = join(base, 'renderer')
  await mkdir(join(renderer, 'assets'), { recursive: true })
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>app</title>')
  await writeFile(join(renderer, 'assets', 'index-abc.js'), 'console.log(1)')
  await writeFile(join(renderer, 'assets', 'index-abc.css'), 'body{}')
  await writeFile(join(renderer, 'favicon.svg'), '<svg/>')
  await writeFile(join(base, 'secret.txt'), 'api key')
  await mkdir(join(base, 'renderer-evil'))
  await writeFile(join(base, 'renderer-evil', 'index.html'), 'evil')
  await symlink(join(base, 'secret.txt'), join(renderer, 'assets', 'link.js'))
})
afterAll(async () => {
  await rm(base, { recursive: true, force: true })
})

const get = (url: string, method = 'GET') => serveRendererFile(new Request(url, { method }), renderer, CSP)

describe('the app scheme', () => {
  it('serves the page with its CSP, at its name and at the root', async () => {
    for (const url of ['app://mediagen/index.html', 'app://mediagen/', 'app://mediagen/index.html?token=1#queue']) {
      const res = await get(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('content-security-policy')).toBe(CSP)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(await res.text()).toBe('<!doctype html><title>app</title>')
    }
  })

  it('serves scripts, styles and images with their types', async () => {
    const js = await get('app://mediagen/assets/index-abc.js')
    expect([js.status, js.headers.get('content-type'), await js.text()]).toEqual([200, 'text/javascript; charset=utf-8', 'console.log(1)'])
    expect(js.headers.get('content-security-policy')).toBeNull()
    expect((await get('app://mediagen/assets/index-abc.css')).headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect((await get('app://mediagen/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml')
  })

  it('answers HEAD with the length and no body, and refuses other methods', async () => {
    const head = await get('app://mediagen/assets/index-abc.js', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('14')
    expect(await head.text()).toBe('')
    expect((await get('app://mediagen/index.html', 'POST')).status).toBe(405)
  })

  it('serves nothing outside the renderer folder', async () => {
    for (const url of [
      'app://mediagen/../secret.txt',
      'app://mediagen/%2e%2e/secret.txt',
      'app://mediagen/assets%2F..%2F..%2Fsecret.txt',
      'app://mediagen/assets/..%5C..%5Csecret.txt',
      'app://mediagen/..%2Frenderer-evil/index.html',
      'app://mediagen/assets/link.js',
      'app://mediagen/assets',
      'app://mediagen/missing.js',
      'app://other/index.html',
      'app://mediagen:1/index.html'
    ]) {
      const res = await get(url)
      expect(res.status, url).toBe(404)
      expect(await res.text()).toBe('Not found')
    }
  })
})
