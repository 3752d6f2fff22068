// The host's `/library/` serves only media, typed by the file's bytes, and every answer
// (files, ranges, refusals, a wrong token, a wrong method) carries the CSP that sandboxes
// it and `nosniff`: a script-carrying file in the library folder is refused, never served.
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AppController } from '../../../src/main/core/app/controller'
import { startHost, type Host } from '../../../src/main/host/host'
import { cleanupAfterEach } from '../support/cleanup'
import { REFUSED_SAMPLES, SANDBOX_HEADERS, SERVED_SAMPLES, writeLibrarySamples } from '../support/library-file-samples'

const cleanup = cleanupAfterEach()
let host: Host

beforeEach(async () => {
  const root = await cleanup.tempDir('library-files-')
  const library = join(root, 'library')
  await writeLibrarySamples(library)
  // Only the library route is used: paths are vetted by the engine, tested on their own.
  const controller = {
    resolveLibraryFile: async (rel: string) => (rel === 'gone.png' ? null : join(library, rel)),
    onEvent: () => () => undefined
  } as unknown as AppController
  host = await startHost({ controller, rendererDir: root })
  cleanup.defer(() => host.close())
})

const fileUrl = (path: string, token = host.token) => `${host.url}/library/${path}?token=${encodeURIComponent(token)}`

function sandboxHeadersOf(res: Response): Record<string, string | null> {
  return { 'content-security-policy': res.headers.get('content-security-policy'), 'x-content-type-options': res.headers.get('x-content-type-options') }
}

describe('library files over the Node host', () => {
  it('serves media with the type of its bytes, whole and in ranges, under the sandboxing headers', async () => {
    for (const sample of SERVED_SAMPLES) {
      const whole = await fetch(fileUrl(sample.path))
      expect(whole.status, sample.path).toBe(200)
      expect(whole.headers.get('content-type'), sample.path).toBe(sample.mime)
      expect(sandboxHeadersOf(whole), sample.path).toEqual(SANDBOX_HEADERS)
      expect(Buffer.from(await whole.arrayBuffer()).equals(sample.bytes), sample.path).toBe(true)

      const part = await fetch(fileUrl(sample.path), { headers: { range: 'bytes=2-5' } })
      expect(part.status, sample.path).toBe(206)
      expect(part.headers.get('content-range')).toBe(`bytes 2-5/${sample.bytes.length}`)
      expect(sandboxHeadersOf(part)).toEqual(SANDBOX_HEADERS)
      expect(Buffer.from(await part.arrayBuffer()).equals(sample.bytes.subarray(2, 6))).toBe(true)

      const head = await fetch(fileUrl(sample.path), { method: 'HEAD' })
      expect([head.status, head.headers.get('content-length'), head.headers.get('content-type')]).toEqual([200, String(sample.bytes.length), sample.mime])
    }
    const past = await fetch(fileUrl(SERVED_SAMPLES[0]!.path), { headers: { range: 'bytes=100000-' } })
    expect(past.status).toBe(416)
    expect(sandboxHeadersOf(past)).toEqual(SANDBOX_HEADERS)
  })

  it('refuses every file whose bytes are no media, whatever its name, and never sends its bytes', async () => {
    for (const sample of REFUSED_SAMPLES) {
      for (const range of [undefined, 'bytes=0-9']) {
        const res = await fetch(fileUrl(sample.path), range ? { headers: { range } } : {})
        const body = await res.text()
        expect(res.status, sample.path).toBe(415)
        expect(res.headers.get('content-type'), sample.path).toBe('text/plain; charset=utf-8')
        expect(sandboxHeadersOf(res), sample.path).toEqual(SANDBOX_HEADERS)
        if (sample.bytes.length) expect(body, sample.path).not.toContain(sample.bytes.toString().slice(0, 12))
      }
    }
  })

  it('carries the sandboxing headers on a missing file, a wrong token and a wrong method too', async () => {
    const answers = [
      await fetch(fileUrl('gone.png')),
      await fetch(fileUrl('files/a/nowhere.png')),
      await fetch(fileUrl('files/a')),
      await fetch(fileUrl(SERVED_SAMPLES[0]!.path, 'wrong-token')),
      await fetch(`${host.url}/library/${SERVED_SAMPLES[0]!.path}`),
      await fetch(fileUrl(SERVED_SAMPLES[0]!.path), { method: 'POST' })
    ]
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 401, 401, 405])
    for (const res of answers) expect(sandboxHeadersOf(res)).toEqual(SANDBOX_HEADERS)
  })
})
