// Electron's library scheme serves only media, typed by the file's bytes, and every answer
// (files, ranges, refusals) carries the CSP that sandboxes it and `nosniff`: a
// script-carrying file in the library folder is refused, never served.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveLibraryFile } from '../../../src/main/electron/library-files'
import { LIBRARY_SCHEME } from '../../../src/main/electron/library-url'
import { REFUSED_SAMPLES, SANDBOX_HEADERS, SERVED_SAMPLES, writeLibrarySamples } from '../support/library-file-samples'

let library = ''

beforeAll(async () => {
  library = await mkdtemp(join(tmpdir(), 'library-scheme-'))
  await writeLibrarySamples(library)
})
afterAll(() => rm(library, { recursive: true, force: true }))

// Paths are vetted by the engine (tested on their own); here every path is taken as given.
const resolve = async (rel: string) => (rel === 'gone.png' ? null : join(library, rel))
const serve = (path: string, init?: RequestInit) => serveLibraryFile(new Request(`${LIBRARY_SCHEME}://file/${path}`, init), resolve)

function sandboxHeadersOf(res: Response): Record<string, string | null> {
  return { 'content-security-policy': res.headers.get('content-security-policy'), 'x-content-type-options': res.headers.get('x-content-type-options') }
}

describe('the library scheme', () => {
  it('serves media with the type of its bytes, whole and in ranges, under the sandboxing headers', async () => {
    for (const sample of SERVED_SAMPLES) {
      const whole = await serve(sample.path)
      expect([whole.status, whole.headers.get('content-type')], sample.path).toEqual([200, sample.mime])
      expect(sandboxHeadersOf(whole), sample.path).toEqual(SANDBOX_HEADERS)
      expect(Buffer.from(await whole.arrayBuffer()).equals(sample.bytes), sample.path).toBe(true)

      const part = await serve(sample.path, { headers: { range: 'bytes=2-5' } })
      expect([part.status, part.headers.get('content-range')], sample.path).toEqual([206, `bytes 2-5/${sample.bytes.length}`])
      expect(sandboxHeadersOf(part)).toEqual(SANDBOX_HEADERS)
      expect(Buffer.from(await part.arrayBuffer()).equals(sample.bytes.subarray(2, 6))).toBe(true)

      const head = await serve(sample.path, { method: 'HEAD' })
      expect([head.status, head.headers.get('content-length'), head.body]).toEqual([200, String(sample.bytes.length), null])
    }
    const past = await serve(SERVED_SAMPLES[0]!.path, { headers: { range: 'bytes=100000-' } })
    expect(past.status).toBe(416)
    expect(sandboxHeadersOf(past)).toEqual(SANDBOX_HEADERS)
  })

  it('refuses every file whose bytes are no media, whatever its name, and never sends its bytes', async () => {
    for (const sample of REFUSED_SAMPLES) {
      const res = await serve(sample.path)
      const body = await res.text()
      expect([res.status, res.headers.get('content-type')], sample.path).toEqual([415, 'text/plain; charset=utf-8'])
      expect(sandboxHeadersOf(res), sample.path).toEqual(SANDBOX_HEADERS)
      if (sample.bytes.length) expect(body, sample.path).not.toContain(sample.bytes.toString().slice(0, 12))
    }
  })

  it('carries the sandboxing headers on a missing file and a wrong method too', async () => {
    const answers = [await serve('gone.png'), await serve('files/a/nowhere.png'), await serve('files/a'), await serve(SERVED_SAMPLES[0]!.path, { method: 'POST' })]
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 405])
    for (const res of answers) expect(sandboxHeadersOf(res)).toEqual(SANDBOX_HEADERS)
  })
})
