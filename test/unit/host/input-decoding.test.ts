// Inputs are decoded, not sniffed: a file that begins like a picture, video or audio file
// but does not decode is refused before anything is kept or sent, naming the file and why;
// nothing reaches the service. Fifteen look-alike PNGs do not start a LoRA training, and a
// damaged library output is not trained on nor uploaded.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DECODE_PROBLEMS } from '../../../src/main/core/media/decode-check'
import type { Simulator } from '../../../src/simulator'
import { renderAudio, renderVideo } from '../../../src/simulator/media'
import type { LoraView } from '../../../src/shared/app/lora-timeline'
import type { JobView, LibraryEntry } from '../../../src/shared/app/views'
import type { RouteName } from '../../../src/shared/contract'
import { cutShort, garbage, lookAlikePngs, realPicture } from '../support/look-alike-media'
import { startTestController, type TestApp } from '../support/test-controller'

let dir: string
let app: TestApp
let demo: Simulator
const base64 = (b: Buffer) => b.toString('base64')

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
async function ok(route: RouteName, input: unknown): Promise<any> {
  const r = await app.controller.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
  return r.data
}

/** What the service has been sent: the uploads it holds and the LoRAs it trains. */
async function sentToService(): Promise<{ uploads: number; loras: number }> {
  const uploads = await readdir(join(demo.filesDir, 'uploads')).catch(() => [])
  return { uploads: uploads.length, loras: ((await ok('loras.list', {})) as LoraView[]).length }
}

async function keptInputs(): Promise<string[]> {
  const info = await ok('app.info', {})
  return readdir(join(info.libraryDir, 'inputs')).catch(() => [])
}

async function savedEntry(prompt: string): Promise<LibraryEntry> {
  const { localId }: JobView = await ok('jobs.submit', { request: { model: 'i1-1', prompt } })
  const jobId = await vi.waitFor(async () => {
    const job = ((await ok('jobs.list', {})) as JobView[]).find((j) => j.localId === localId)
    expect(job?.saved).toBe('saved')
    return job!.jobId!
  }, { timeout: 60_000, interval: 50 })
  return ok('library.get', { jobId })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'input-decoding-'))
  app = await startTestController(dir, { demoSpeed: 40, onDemo: (d) => (demo = d as Simulator) })
})
afterAll(async () => {
  await app?.controller.close()
  await rm(dir, { recursive: true, force: true })
})

describe('uploads', () => {
  it('refuses look-alike pictures, videos and audio, naming the file and why, and sends nothing', async () => {
    const png = await realPicture('png')
    const webm = await renderVideo({ prompt: 'a boat', seed: 2, width: 64, height: 48, durationSeconds: 1 })
    const wav = renderAudio({ prompt: 'a hum', seed: 2, durationSeconds: 1 })
    const looksAlike: [string, Buffer, string][] = [
      ...Object.entries(lookAlikePngs(png)).map(([name, bytes]): [string, Buffer, string] => [`${name}.png`, bytes, DECODE_PROBLEMS.picture]),
      ['clip.webm', Buffer.concat([webm.subarray(0, 4), garbage(4000)]), DECODE_PROBLEMS.video],
      ['clip-cut.webm', webm.subarray(0, 40), DECODE_PROBLEMS.video],
      ['tune.wav', Buffer.concat([wav.subarray(0, 12), garbage(4000)]), DECODE_PROBLEMS.audio]
    ]
    const before = { sent: await sentToService(), kept: await keptInputs() }
    for (const [fileName, bytes, problem] of looksAlike) {
      const r = await app.controller.dispatch('uploads.create', { file: { fileName, dataBase64: base64(bytes) }, field: 'u1Params.image' })
      expect(r, fileName).toEqual({ ok: false, error: { code: 'invalid_input', message: `${fileName}: ${problem}`, details: { 'u1Params.image': [problem] } } })
    }
    expect({ sent: await sentToService(), kept: await keptInputs() }).toEqual(before)
    // The same route takes the real files.
    for (const [fileName, bytes] of [['real.png', png], ['real.webm', webm], ['real.wav', wav]] as const) {
      expect(await ok('uploads.create', { file: { fileName, dataBase64: base64(bytes) } }), fileName).toMatchObject({ id: expect.any(String) })
    }
    expect((await sentToService()).uploads).toBe(before.sent.uploads + 3)
  })

  it('refuses to upload a library output damaged on disk', async () => {
    const entry = await savedEntry('a lantern on a pier')
    const abs = await app.controller.resolveLibraryFile(entry.files[0]!.path!)
    await writeFile(abs!, cutShort(await realPicture('png', 5)))
    const before = await sentToService()
    const r = await app.controller.dispatch('uploads.fromLibrary', { jobId: entry.jobId, index: 0 })
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { file: [DECODE_PROBLEMS.picture] } } })
    expect(await sentToService()).toEqual(before)
  })
})

describe('LoRA training', () => {
  it('does not start on fifteen PNG signatures plus garbage, and names every one', async () => {
    const images = Array.from({ length: 15 }, (_, i) => ({ fileName: `face-${i}.png`, dataBase64: base64(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), garbage(2000 + i)])) }))
    const before = await sentToService()
    const r = await app.controller.dispatch('loras.create', { name: 'faces', subjectKind: 'person', images })
    expect(r.ok).toBe(false)
    const error = (r as { error: { code: string; message: string; details: Record<string, string[]> } }).error
    expect(error.code).toBe('invalid_input')
    expect(error.message).toBe(`15 training images cannot be used: ${images.map((i) => i.fileName).join(', ')}`)
    expect(error.details).toEqual(Object.fromEntries(images.map((_, i) => [`images.${i}`, [DECODE_PROBLEMS.picture]])))
    expect(await sentToService()).toEqual(before)
  })

  it('names the one damaged image among good ones, a library output included, and sends nothing', async () => {
    const good = await Promise.all(Array.from({ length: 13 }, async (_, i) => ({ fileName: `good-${i}.png`, dataBase64: base64(await realPicture('png', i)) })))
    const damagedDrop = { fileName: 'idat.png', dataBase64: base64(lookAlikePngs(await realPicture('png', 20))['corrupt IDAT, valid CRCs']!) }
    const entry = await savedEntry('a heron in reeds')
    const abs = await app.controller.resolveLibraryFile(entry.files[0]!.path!)
    await writeFile(abs!, lookAlikePngs(await realPicture('png', 21))['header + garbage']!)
    const before = await sentToService()
    const r = await app.controller.dispatch('loras.create', { name: 'mixed', subjectKind: 'style', images: [...good, damagedDrop], libraryImages: [{ jobId: entry.jobId, index: 0 }] })
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('2 training images cannot be used: idat.png, '), details: { 'images.13': [DECODE_PROBLEMS.picture], 'libraryImages.0': [DECODE_PROBLEMS.picture] } }
    })
    expect(await sentToService()).toEqual(before)
    // With the damaged drop taken out and a good one in its place, training starts.
    const fixed = [...good, { fileName: 'good-13.png', dataBase64: base64(await realPicture('png', 13)) }, { fileName: 'good-14.png', dataBase64: base64(await realPicture('png', 14)) }]
    expect(await ok('loras.create', { name: 'fixed', subjectKind: 'style', images: fixed })).toMatchObject({ imageCount: 15 })
  })

  it('names a single failing image by its file', async () => {
    const good = await Promise.all(Array.from({ length: 14 }, async (_, i) => ({ fileName: `ok-${i}.png`, dataBase64: base64(await realPicture('jpeg', i)) })))
    const cut = { fileName: 'cut.jpg', dataBase64: base64(cutShort(await realPicture('jpeg', 30), 0.5)) }
    const r = await app.controller.dispatch('loras.create', { name: 'one bad', subjectKind: 'style', images: [cut, ...good] })
    expect(r).toMatchObject({ ok: false, error: { message: `cut.jpg: ${DECODE_PROBLEMS.picture}`, details: { 'images.0': [DECODE_PROBLEMS.picture] } } })
  })
})
