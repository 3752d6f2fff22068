import { existsSync } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { downloadFile } from '../../../src/main/core/downloads/download-file'
import { DownloadError } from '../../../src/main/core/downloads/errors'
import { readPartState } from '../../../src/main/core/downloads/part-state'
import { corrupted, pngBytes, serveBytes, sha256, startServer, tempDir } from './helpers'
import type { TestServer } from './helpers'

let dir: string
let cleanup: () => Promise<void>
let server: TestServer | undefined

beforeEach(async () => {
  ;({ dir, cleanup } = await tempDir())
})

afterEach(async () => {
  await server?.close()
  server = undefined
  await cleanup()
})

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the download to fail')
    },
    (e: unknown) => e
  )
  expect(err).toBeInstanceOf(DownloadError)
  return err as DownloadError
}

describe('downloadFile', () => {
  it('downloads the exact bytes, reports their hash and leaves no temp files', async () => {
    const body = pngBytes(3 * 1024 * 1024 + 17)
    server = await startServer((req, res) => serveBytes(req, res, body, { etag: '"v1"' }))
    const dest = join(dir, 'out.png')
    const seen: number[] = []
    const result = await downloadFile({ url: server.url(), dest, expectedKinds: ['image'], onProgress: (p) => seen.push(p.received) })
    expect(result).toEqual({ bytes: body.length, sha256: sha256(body), mime: 'image/png', resumedFrom: 0 })
    expect((await readFile(dest)).equals(body)).toBe(true)
    expect(existsSync(`${dest}.part`)).toBe(false)
    expect(existsSync(`${dest}.part.json`)).toBe(false)
    expect(seen.at(-1)).toBe(body.length)
    expect(server.requests[0]?.headers['accept-encoding']).toBe('identity')
  })

  it('stays correct with frequent checkpoints on a larger chunked body', async () => {
    const body = pngBytes(24 * 1024 * 1024 + 5)
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', etag: '"v1"' })
      res.end(body)
    })
    const dest = join(dir, 'big.png')
    const result = await downloadFile({ url: server.url(), dest, checkpoint: { everyBytes: 1 << 20 } })
    expect(result).toMatchObject({ bytes: body.length, sha256: sha256(body) })
    expect((await readFile(dest)).equals(body)).toBe(true)
    expect(existsSync(`${dest}.part.json`)).toBe(false)
  })

  it('keeps a truncated body as .part and resumes it with Range + If-Range', async () => {
    const body = pngBytes()
    const cut = 200_000
    server = await startServer((req, res, i) => serveBytes(req, res, body, { etag: '"v1"', cutAfter: i === 0 ? cut : undefined }))
    const dest = join(dir, 'out.png')

    const err = await failure(downloadFile({ url: server.url(), dest, expectedKinds: ['image'] }))
    expect(err.code).toBe('truncated')
    expect(err.retryable).toBe(true)
    expect(existsSync(dest)).toBe(false)
    const kept = (await stat(`${dest}.part`)).size
    expect(kept).toBeGreaterThan(0)
    expect(kept).toBeLessThanOrEqual(cut)
    expect(await readPartState(`${dest}.part.json`)).toMatchObject({ etag: '"v1"', total: body.length, durable: kept })

    const result = await downloadFile({ url: server.url(), dest, expectedKinds: ['image'] })
    expect(result).toMatchObject({ bytes: body.length, sha256: sha256(body), resumedFrom: kept })
    expect((await readFile(dest)).equals(body)).toBe(true)
    expect(server.requests[1]?.headers).toMatchObject({ range: `bytes=${kept}-`, 'if-range': '"v1"' })
    expect(existsSync(`${dest}.part.json`)).toBe(false)
  })

  it('resumes with Last-Modified when there is no strong ETag', async () => {
    const body = pngBytes()
    const lastModified = 'Tue, 01 Jul 2025 10:00:00 GMT'
    server = await startServer((req, res, i) =>
      serveBytes(req, res, body, { etag: 'W/"weak"', lastModified, cutAfter: i === 0 ? 100_000 : undefined })
    )
    const dest = join(dir, 'out.png')
    await failure(downloadFile({ url: server.url(), dest }))
    const result = await downloadFile({ url: server.url(), dest })
    expect(result.sha256).toBe(sha256(body))
    expect(result.resumedFrom).toBeGreaterThan(0)
    expect(server.requests[1]?.headers['if-range']).toBe(lastModified)
  })

  it('starts over when the server ignores Range and sends the whole file', async () => {
    const body = pngBytes()
    server = await startServer((req, res, i) =>
      serveBytes(req, res, body, { etag: '"v1"', honorRange: i === 0, cutAfter: i === 0 ? 150_000 : undefined })
    )
    const dest = join(dir, 'out.png')
    await failure(downloadFile({ url: server.url(), dest }))
    const result = await downloadFile({ url: server.url(), dest })
    expect(server.requests[1]?.headers.range).toBeDefined()
    expect(result).toMatchObject({ bytes: body.length, sha256: sha256(body), resumedFrom: 0 })
    expect((await readFile(dest)).equals(body)).toBe(true)
  })

  it('starts over when the file changed (If-Range no longer matches)', async () => {
    const first = pngBytes()
    const second = pngBytes(600_000)
    server = await startServer((req, res, i) =>
      i === 0 ? serveBytes(req, res, first, { etag: '"v1"', cutAfter: 150_000 }) : serveBytes(req, res, second, { etag: '"v2"' })
    )
    const dest = join(dir, 'out.png')
    await failure(downloadFile({ url: server.url(), dest }))
    const result = await downloadFile({ url: server.url(), dest })
    expect(result).toMatchObject({ bytes: second.length, sha256: sha256(second), resumedFrom: 0 })
    expect((await readFile(dest)).equals(second)).toBe(true)
  })

  it('refuses a 206 for a changed file (server ignoring If-Range) and refetches it whole', async () => {
    const first = pngBytes()
    const second = pngBytes()
    server = await startServer((req, res, i) =>
      i === 0
        ? serveBytes(req, res, first, { etag: '"v1"', cutAfter: 150_000 })
        : serveBytes(req, res, second, { etag: '"v2"', honorIfRange: false })
    )
    const dest = join(dir, 'out.png')
    await failure(downloadFile({ url: server.url(), dest }))
    const result = await downloadFile({ url: server.url(), dest })
    expect(server.requests).toHaveLength(3)
    expect(server.requests[2]?.headers.range).toBeUndefined()
    expect(result.sha256).toBe(sha256(second))
    expect((await readFile(dest)).equals(second)).toBe(true)
  })

  it('starts over on 416', async () => {
    const body = pngBytes()
    const dest = join(dir, 'out.png')
    server = await startServer((req, res, i) => {
      if (i === 0) res.writeHead(416).end()
      else serveBytes(req, res, body, { etag: '"v1"' })
    })
    await writeFile(`${dest}.part`, body.subarray(0, 1000))
    await writeFile(`${dest}.part.json`, JSON.stringify({ version: 1, url: server.url(), etag: '"v1"', total: null, durable: 1000 }))
    const result = await downloadFile({ url: server.url(), dest })
    expect(server.requests[0]?.headers.range).toBe('bytes=1000-')
    expect(result).toMatchObject({ sha256: sha256(body), resumedFrom: 0 })
  })

  it('never saves a body that does not match its Repr-Digest: the part is dropped and the next try starts over', async () => {
    const body = pngBytes()
    server = await startServer((req, res, i) =>
      serveBytes(req, res, i === 0 ? corrupted(body) : body, { etag: '"v1"', reprDigestOf: body })
    )
    const dest = join(dir, 'out.png')
    const err = await failure(downloadFile({ url: server.url(), dest, expectedKinds: ['image'] }))
    expect(err).toMatchObject({ code: 'verification', retryable: true })
    expect(existsSync(dest)).toBe(false)
    // Nothing of the bad body is kept to resume from.
    expect(existsSync(`${dest}.part`) || existsSync(`${dest}.part.json`)).toBe(false)

    const result = await downloadFile({ url: server.url(), dest, expectedKinds: ['image'] })
    expect(server.requests[1]?.headers.range).toBeUndefined()
    expect(result).toMatchObject({ bytes: body.length, sha256: sha256(body), resumedFrom: 0 })
    expect((await readFile(dest)).equals(body)).toBe(true)
  })

  it('drops a resumed part whose whole file fails the Repr-Digest, and fetches the file again from byte 0', async () => {
    const body = pngBytes()
    const cut = 150_000
    // The rest of the file comes back damaged past the cut, under the same ETag.
    const bad = corrupted(body, cut + 1000)
    server = await startServer((req, res, i) =>
      serveBytes(req, res, i === 1 ? bad : body, { etag: '"v1"', reprDigestOf: body, cutAfter: i === 0 ? cut : undefined })
    )
    const dest = join(dir, 'out.png')
    await failure(downloadFile({ url: server.url(), dest }))
    expect(await readPartState(`${dest}.part.json`)).toMatchObject({ sha256: sha256(body) })

    const err = await failure(downloadFile({ url: server.url(), dest }))
    expect(server.requests[1]?.headers.range).toMatch(/^bytes=\d+-$/)
    expect(err).toMatchObject({ code: 'verification', retryable: true })
    expect(existsSync(dest) || existsSync(`${dest}.part`)).toBe(false)

    const result = await downloadFile({ url: server.url(), dest })
    expect(server.requests[2]?.headers.range).toBeUndefined()
    expect(result).toMatchObject({ sha256: sha256(body), resumedFrom: 0 })
    expect((await readFile(dest)).equals(body)).toBe(true)
  })

  it.each([404, 410])('reports %i as expired and not retryable', async (status) => {
    server = await startServer((_req, res) => res.writeHead(status).end('gone'))
    const err = await failure(downloadFile({ url: server.url(), dest: join(dir, 'out.png') }))
    expect(err).toMatchObject({ code: 'expired', retryable: false, status })
  })

  it('reports every other status as retryable: only 404 and 410 say the file is gone', async () => {
    server = await startServer((req, res) => res.writeHead(req.url === '/busy' ? 503 : 403).end())
    const busy = await failure(downloadFile({ url: server.url('/busy'), dest: join(dir, 'a.png') }))
    expect(busy).toMatchObject({ code: 'http_status', status: 503, retryable: true })
    const denied = await failure(downloadFile({ url: server.url('/denied'), dest: join(dir, 'b.png') }))
    expect(denied).toMatchObject({ code: 'http_status', status: 403, retryable: true })
  })

  it.each([403, 500, 502])('reports an HTML error page sent with %i as retryable, not as a file that is gone', async (status) => {
    server = await startServer((_req, res) => res.writeHead(status, { 'content-type': 'text/html' }).end('<html><body>Not here today</body></html>'))
    const dest = join(dir, 'out.png')
    const err = await failure(downloadFile({ url: server.url(), dest, expectedKinds: ['image'] }))
    expect(err).toMatchObject({ code: 'http_status', status, retryable: true })
    expect(existsSync(dest) || existsSync(`${dest}.part`)).toBe(false)
  })

  it('rejects an HTML page or JSON where an image was expected, writing nothing', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body>Access denied</body></html>')
    const json = Buffer.from('{"error":"expired"}')
    // A page labelled as the image, a page labelled as a page, and a JSON error.
    const answers: Record<string, { body: Buffer; contentType: string }> = {
      '/html': { body: html, contentType: 'image/png' },
      '/portal': { body: html, contentType: 'text/html; charset=utf-8' },
      '/json': { body: json, contentType: 'application/json' }
    }
    server = await startServer((req, res) => {
      const answer = answers[req.url ?? ''] ?? answers['/json']!
      serveBytes(req, res, answer.body, { contentType: answer.contentType })
    })
    for (const path of Object.keys(answers)) {
      const dest = join(dir, `${path.slice(1)}.png`)
      const err = await failure(downloadFile({ url: server.url(path), dest, expectedKinds: ['image'] }))
      // An error page where an image belongs is a fault of the path, not proof the file is gone.
      expect(err).toMatchObject({ code: 'bad_type', retryable: true })
      expect(existsSync(dest) || existsSync(`${dest}.part`) || existsSync(`${dest}.part.json`)).toBe(false)
    }
  })

  it('rejects media of the wrong kind but accepts anything when no kind is expected', async () => {
    const body = pngBytes(1000)
    server = await startServer((req, res) => serveBytes(req, res, body))
    const err = await failure(downloadFile({ url: server.url(), dest: join(dir, 'a.mp4'), expectedKinds: ['video'] }))
    expect(err.code).toBe('bad_type')
    const any = await downloadFile({ url: server.url(), dest: join(dir, 'b.bin') })
    expect(any.sha256).toBe(sha256(body))
  })

  it('enforces maxBytes from the announced length and while streaming', async () => {
    const body = pngBytes(300_000)
    server = await startServer((req, res) => {
      if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'image/png' })
        res.end(body)
      } else serveBytes(req, res, body)
    })
    const announced = await failure(downloadFile({ url: server.url(), dest: join(dir, 'a.png'), maxBytes: 100_000 }))
    expect(announced).toMatchObject({ code: 'too_large', retryable: false })
    const streamed = await failure(downloadFile({ url: server.url('/chunked'), dest: join(dir, 'b.png'), maxBytes: 100_000 }))
    expect(streamed.code).toBe('too_large')
    expect(existsSync(join(dir, 'b.png.part'))).toBe(false)
  })

  it('stops on abort, keeps the part, and resumes later', async () => {
    const body = pngBytes()
    server = await startServer((req, res, i) => {
      if (i === 0) {
        // Send part of the body, then hold the connection open.
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length, etag: '"v1"' })
        res.write(body.subarray(0, 100_000))
      } else serveBytes(req, res, body, { etag: '"v1"' })
    })
    const dest = join(dir, 'out.png')
    const controller = new AbortController()
    const err = await failure(
      downloadFile({
        url: server.url(),
        dest,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.received >= 100_000) controller.abort()
        }
      })
    )
    expect(err).toMatchObject({ code: 'aborted', retryable: false })
    expect((await stat(`${dest}.part`)).size).toBe(100_000)
    const result = await downloadFile({ url: server.url(), dest })
    expect(result).toMatchObject({ sha256: sha256(body), resumedFrom: 100_000 })
  })

  it('returns an already finished destination without asking the server', async () => {
    const body = pngBytes(5000)
    server = await startServer((_req, res) => res.writeHead(404).end())
    const dest = join(dir, 'done.png')
    await writeFile(dest, body)
    const result = await downloadFile({ url: server.url(), dest, expectedKinds: ['image'] })
    expect(result).toMatchObject({ bytes: body.length, sha256: sha256(body), mime: 'image/png' })
    expect(server.requests).toHaveLength(0)
  })

  it('finishes a part that was complete when the app stopped, without the network', async () => {
    const body = pngBytes(5000)
    server = await startServer((_req, res) => res.writeHead(404).end())
    const dest = join(dir, 'out.png')
    await writeFile(`${dest}.part`, body)
    await writeFile(`${dest}.part.json`, JSON.stringify({ version: 1, url: server.url(), etag: '"v1"', total: body.length, durable: body.length }))
    const result = await downloadFile({ url: server.url(), dest })
    expect(result).toMatchObject({ bytes: body.length, sha256: sha256(body) })
    expect(server.requests).toHaveLength(0)
    expect(existsSync(`${dest}.part.json`)).toBe(false)
  })

  it('discards bytes past the last flushed mark, and a part without a sidecar', async () => {
    const body = pngBytes()
    server = await startServer((req, res) => serveBytes(req, res, body, { etag: '"v1"' }))
    const dest = join(dir, 'out.png')
    // Bytes after `durable` may be garbage after a power cut.
    const torn = Buffer.concat([body.subarray(0, 50_000), Buffer.alloc(30_000)])
    await writeFile(`${dest}.part`, torn)
    await writeFile(`${dest}.part.json`, JSON.stringify({ version: 1, url: server.url(), etag: '"v1"', total: body.length, durable: 50_000 }))
    const resumed = await downloadFile({ url: server.url(), dest })
    expect(resumed).toMatchObject({ sha256: sha256(body), resumedFrom: 50_000 })
    expect((await readFile(dest)).equals(body)).toBe(true)

    const orphan = join(dir, 'orphan.png')
    await writeFile(`${orphan}.part`, torn)
    const fresh = await downloadFile({ url: server.url(), dest: orphan })
    expect(fresh).toMatchObject({ sha256: sha256(body), resumedFrom: 0 })
  })

  it('fails fast with a network error when nothing listens', async () => {
    server = await startServer((_req, res) => res.end())
    const url = server.url()
    await server.close()
    server = undefined
    const err = await failure(downloadFile({ url, dest: join(dir, 'out.png') }))
    expect(err).toMatchObject({ code: 'network', retryable: true })
  })
})
