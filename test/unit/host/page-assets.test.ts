// The host serves the built page compressed when the browser accepts it (brotli first,
// then gzip), keeps Vite's content-hashed assets cached for good and has the entry page
// checked on every load; media are sent as they are.
import { createServer, get, type Server } from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendPageAsset } from '../../../src/main/host/static-files'

let dir: string
let server: Server
let base: string
const script = `export const views = [${Array.from({ length: 2000 }, (_, i) => `'view-${i}'`).join(', ')}]\n`
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

interface Reply { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function fetchRaw(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'page-assets-'))
  await mkdir(join(dir, 'assets'))
  await writeFile(join(dir, 'assets', 'index-Bde1puso.js'), script)
  await writeFile(join(dir, 'assets', 'logo-Ab12Cd34.png'), png)
  await writeFile(join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    void sendPageAsset(req, res, path, join(dir, path), { 'Content-Security-Policy': "default-src 'self'" })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((ok) => server.close(ok))
  await rm(dir, { recursive: true, force: true })
})

describe('the built page over the host', () => {
  it('sends scripts brotli-compressed to a browser that accepts it, cached for good', async () => {
    const r = await fetchRaw('/assets/index-Bde1puso.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(r.headers['content-encoding']).toBe('br')
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(r.headers['vary']).toBe('Accept-Encoding')
    expect(r.body.length).toBeLessThan(script.length / 4)
    expect(Number(r.headers['content-length'])).toBe(r.body.length)
    expect(brotliDecompressSync(r.body).toString()).toBe(script)
  })

  it('falls back to gzip, and to the file as it is when nothing is accepted', async () => {
    const gz = await fetchRaw('/assets/index-Bde1puso.js', { 'Accept-Encoding': 'gzip, br;q=0' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(script)
    const plain = await fetchRaw('/assets/index-Bde1puso.js', { 'Accept-Encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
  })

  it('has the entry page checked on every load, with its headers kept', async () => {
    const r = await fetchRaw('/index.html', { 'Accept-Encoding': 'br' })
    expect(r.headers['cache-control']).toBe('no-cache')
    expect(r.headers['content-security-policy']).toBe("default-src 'self'")
    expect(brotliDecompressSync(r.body).toString()).toContain('id="root"')
  })

  it('sends images as they are', async () => {
    const r = await fetchRaw('/assets/logo-Ab12Cd34.png', { 'Accept-Encoding': 'br, gzip' })
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(r.body).toEqual(png)
  })

  it('answers 404 for a file that is not there', async () => {
    expect((await fetchRaw('/assets/missing-Ab12Cd34.js', { 'Accept-Encoding': 'br' })).status).toBe(404)
  })
})
