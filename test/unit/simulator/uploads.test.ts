import { request } from 'node:http'
import { existsSync } from 'node:fs'
import { readdir, readlink } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { uploadSchema } from '../../../src/shared/api'
import { call, download, fileOf, manualClock, pngBytes, postForm, route, startTestSim, waitFor, wavBytes, type TestSim } from './helpers'

const WEBM_HEAD = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(32)])
const MKV_HEAD = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska'), Buffer.alloc(32)])

function uploadOne(sim: TestSim, bytes: Buffer, name: string, type?: string) {
  const form = new FormData()
  form.set('file', fileOf(bytes, name, type))
  return postForm(sim, route('upload'), form)
}

/** Streams a multipart upload of `total` bytes with node:http; resolves at the answer. */
function uploadHuge(sim: TestSim, total: number, declareLength: boolean): Promise<{ status: number; body: string }> {
  const boundary = 'simtestboundary'
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const chunk = Buffer.alloc(1024 * 1024)
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const req = request(sim.url + route('upload'), {
      method: 'POST',
      headers: {
        'x-api-key': sim.apiKey,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(declareLength ? { 'content-length': head.length + total + tail.length } : {})
      }
    }, (res) => {
      answered = true
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => { body += d })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    // Writes after the answer may fail when the server closes; only the answer matters.
    req.on('error', (err) => { if (!answered) reject(err) })
    let started = false
    const pump = () => {
      if (!started) {
        started = true
        req.write(head)
      }
      while (sent < total && !answered) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent))
        sent += piece.length
        if (!req.write(piece)) return void req.once('drain', pump)
      }
      if (!answered) req.end(tail)
    }
    // The file starts like a PNG, so only its size can refuse it.
    void pngBytes(4, 4).then((png) => { chunk.set(png.subarray(0, 8), 0); pump() })
  })
}

/** This process's open file handles on files under `dir` (Linux: read from /proc/self/fd). */
async function openFilesUnder(dir: string): Promise<string[]> {
  const targets = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')))
  return targets.filter((target) => target.startsWith(dir))
}

describe('demo service: uploads', () => {
  it('accepts files by their bytes and serves them under /cdn/uploads/', async () => {
    const sim = await startTestSim()
    const png = await pngBytes(40, 30)
    const cases: Array<[Buffer, string, string, string]> = [
      [png, 'anything.bin', 'image/png', 'image'],
      [wavBytes(), 'song.txt', 'audio/wav', 'audio'],
      [WEBM_HEAD, 'clip', 'video/webm', 'video']
    ]
    for (const [bytes, name, mime, kind] of cases) {
      const res = await uploadOne(sim, bytes, name)
      expect(res.status, name).toBe(201)
      const up = uploadSchema.parse(res.body)
      expect(up).toMatchObject({ kind, contentType: mime, byteSize: bytes.length })
      expect(up.url.startsWith(`${sim.url}/cdn/uploads/`)).toBe(true)
      expect(Date.parse(up.expiresAt) - Date.now()).toBeGreaterThan(3500 * 1000)
      const file = await download(up.url)
      expect(file.headers.get('content-type')).toBe(mime)
      expect(file.bytes.equals(bytes)).toBe(true)
    }
  })

  it('answers 415 for bytes that are not an accepted type, whatever the name says', async () => {
    const sim = await startTestSim()
    expect((await uploadOne(sim, Buffer.from('just some text, not a picture'), 'photo.png', 'image/png')).status).toBe(415)
    expect((await uploadOne(sim, MKV_HEAD, 'movie.webm', 'video/webm')).status).toBe(415)
  })

  it('answers 400 without a file field or a multipart body', async () => {
    const sim = await startTestSim()
    const form = new FormData()
    form.set('other', fileOf(await pngBytes(), 'a.png'))
    const res = await postForm(sim, route('upload'), form)
    expect(res.status).toBe(400)
    expect(Object.keys((res.body as { details: object }).details)).toEqual(['file'])
    const json = await call<{ details: Record<string, string[]> }>(sim, 'POST', route('upload'), { file: 'x' })
    expect(json.status).toBe(400)
    expect(json.body.details.$).toBeDefined()
  })

  it('answers 413 for more than 50 MiB (declared or streamed) and keeps nothing', async () => {
    const sim = await startTestSim()
    for (const declareLength of [true, false]) {
      const res = await uploadHuge(sim, 51 * 1024 * 1024, declareLength)
      expect(res.status).toBe(413)
      expect(JSON.parse(res.body)).toHaveProperty('error')
    }
    await waitFor(async () => ((await readdir(join(sim.filesDir, 'uploads'))).length === 0 ? true : undefined), 5000, 'the spool to be removed')
  })

  it.runIf(existsSync('/proc/self/fd'))('closes the spool file of a refused upload before answering', async () => {
    const sim = await startTestSim()
    const res = await uploadHuge(sim, 50 * 1024 * 1024 + 1, false)
    expect(res.status).toBe(413)
    // An open handle on the deleted spool would keep its 50 MiB on disk until the service exits.
    expect(await openFilesUnder(sim.filesDir)).toEqual([])
  })

  it.runIf(existsSync('/proc/self/fd'))('closes the spool file of an upload cut off by its client', async () => {
    const sim = await startTestSim()
    const boundary = 'cutboundary'
    const req = request(sim.url + route('upload'), {
      method: 'POST',
      headers: { 'x-api-key': sim.apiKey, 'content-type': `multipart/form-data; boundary=${boundary}` }
    })
    req.on('error', () => undefined)
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`)
    req.write(await pngBytes(64, 64))
    const uploads = join(sim.filesDir, 'uploads')
    // The spool is open once its folder holds the incoming file; then the client goes away.
    await waitFor(async () => ((await openFilesUnder(uploads)).length > 0 ? true : undefined), 10_000, 'the spool to open')
    req.destroy()
    await waitFor(async () => ((await readdir(uploads)).length === 0 ? true : undefined), 10_000, 'the spool to be removed')
    expect(await openFilesUnder(sim.filesDir)).toEqual([])
  })

  it('expires an upload after one hour', async () => {
    const clock = manualClock()
    const sim = await startTestSim({ now: clock.now })
    const up = uploadSchema.parse((await uploadOne(sim, await pngBytes(), 'a.png')).body)
    clock.advance(3599 * 1000)
    expect((await download(up.url)).status).toBe(200)
    clock.advance(2000)
    expect((await download(up.url)).status).toBe(404)
    // An expired upload named as an input is an unknown resource.
    const job = await call(sim, 'POST', route('removeBackground'), { model: 'b1-1', b1Params: { image: up.url } })
    expect(job.status).toBe(404)
  })
})
