// Each mode's uploads stay in that mode. An input uploaded in demo mode is uploaded again to
// the live service from the copy the demo library keeps (and back), and main never sends a
// service an address of this computer or its network from another origin: the job is
// refused, naming the field, and nothing is sent or journaled.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { refuseLocalUrls } from '../../../src/main/core/app/input-urls'
import type { AppError, RouteName } from '../../../src/shared/contract'
import { startSimulator, type Simulator } from '../../../src/simulator'
import { startTestController, type TestApp } from '../support/test-controller'

describe('the last look at a job\'s URLs', () => {
  const refused = (request: Record<string, unknown>, service: string, skip?: Set<string>) => {
    try {
      refuseLocalUrls(request, service, skip)
      return null
    } catch (err) {
      return err as Error & { code: string; details: Record<string, string[]> }
    }
  }
  const remote = 'https://api.example.com/v2'

  it('refuses an address of this computer or its network for a remote service, naming the field', () => {
    for (const url of [
      'http://127.0.0.1:51234/cdn/uploads/a.png', 'http://localhost:8787/x.png', 'http://LOCALHOST./x.png', 'http://studio.localhost/x.png',
      'http://[::1]:9000/x.png', 'http://[::ffff:127.0.0.1]/x.png', 'http://127.1/x.png', 'http://2130706433/x.png', 'http://0x7f.0.0.1/x.png',
      'http://10.0.0.7/x.png', 'http://192.168.1.20/x.png', 'http://172.20.0.1/x.png', 'http://169.254.169.254/latest', 'http://nas.local/x.png',
      'http://0.0.0.0:80/x.png', 'https://[fd00::1]/x.png'
    ]) {
      const err = refused({ model: 'i2-1', prompt: 'x', i2Params: { image_input: ['https://cdn.example.com/ok.png', url] } }, remote)
      expect(err?.code, url).toBe('validation')
      expect(err?.message, url).toMatch(/^i2Params\.image_input\.1 points at .+, an address on this computer or its network that the service cannot reach; nothing was sent/)
      expect(err?.details).toEqual({ 'i2Params.image_input.1': ['An address on this computer or its network; add the file again'] })
    }
  })

  it('lets through public addresses, look-alikes of loopback names among them', () => {
    for (const url of ['https://cdn.example.com/uploads/a.png', 'http://localhost.example.com/x.png', 'https://127.0.0.1.nip.io/x.png', 'https://api.example.com/cdn/x.png']) {
      expect(refused({ model: 'u1-1', u1Params: { image: url } }, remote), url).toBeNull()
    }
    // A prompt that merely mentions an address is text, not an input.
    expect(refused({ model: 'i1-1', prompt: 'a poster reading http://localhost:3000' }, remote)).toBeNull()
  })

  it('lets a service on this computer fetch its own uploads, and only its own', () => {
    const demo = 'http://127.0.0.1:40001'
    expect(refused({ model: 'u1-1', u1Params: { image: 'http://127.0.0.1:40001/cdn/uploads/a.png' } }, demo)).toBeNull()
    expect(refused({ model: 'u1-1', u1Params: { image: 'http://127.0.0.1:40002/cdn/uploads/a.png' } }, demo)?.details).toEqual({ 'u1Params.image': [expect.any(String)] })
  })

  it('leaves the engine\'s webhook address and the fields main fills in itself to their own rules', () => {
    const request = { model: 'u1-1', webhookUrl: 'http://127.0.0.1:9/hook', u1Params: { image: 'http://127.0.0.1:9/old.png' } }
    expect(refused(request, remote, new Set(['u1Params.image']))).toBeNull()
    expect(refused(request, remote)?.details).toHaveProperty(['u1Params.image'])
  })
})

describe('uploads across a switch of mode', () => {
  const LIVE_KEY = 'mgk_live0123456789abcdef0123456789ab'
  let dir: string
  let app: TestApp
  let live: Simulator

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mode-uploads-'))
    live = await startSimulator({ port: 0, speed: 40, apiKey: LIVE_KEY, dataDir: join(dir, 'live-service') })
    app = await startTestController(join(dir, 'app'), { demoSpeed: 40 })
  })
  afterEach(async () => {
    await app?.controller.close()
    await live?.close()
    await rm(dir, { recursive: true, force: true })
  })

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
  async function ok(route: RouteName, input: unknown): Promise<any> {
    const r = await app.controller.dispatch(route, input)
    if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
    return r.data
  }
  async function fails(route: RouteName, input: unknown): Promise<AppError> {
    const r = await app.controller.dispatch(route, input)
    if (r.ok) throw new Error(`${route} succeeded`)
    return r.error
  }
  const png = async () => (await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 20, b: 90 } } }).png().toBuffer()).toString('base64')
  const goLive = async () => {
    await ok('settings.update', { baseUrl: live.url, legacyBaseUrl: live.legacyUrl })
    expect((await ok('key.set', { apiKey: LIVE_KEY })).mode).toBe('live')
  }

  it('refuses a demo upload\'s address sent to the live service, and sends nothing', async () => {
    const demo = await ok('uploads.create', { file: { fileName: 'kite.png', dataBase64: await png() }, field: 'u1Params.image' })
    expect(new URL(demo.url).hostname).toBe('127.0.0.1')
    await goLive()
    const error = await fails('jobs.submit', { request: { model: 'u1-1', u1Params: { image: demo.url } } })
    expect(error).toMatchObject({ code: 'validation', details: { 'u1Params.image': [expect.any(String)] } })
    expect(error.message).toContain('u1Params.image points at 127.0.0.1:')
    expect(live.jobCount()).toBe(0)
    expect(await ok('jobs.list', {})).toEqual([])
  })

  it('uploads a demo input again to the live service from the demo library\'s copy, and back', async () => {
    const bytes = await png()
    const demo = await ok('uploads.create', { file: { fileName: 'kite.png', dataBase64: bytes }, field: 'u1Params.image' })
    await goLive()
    const carried = await ok('uploads.carry', { uploadId: demo.id })
    expect(new URL(carried.url).origin).toBe(new URL(live.url).origin)
    expect(carried.localPath).toBe(demo.localPath)
    // Kept in the live library too, and known to main there: the job records its input.
    const libraryDir = (await ok('app.info', {})).libraryDir as string
    expect((await readFile(join(libraryDir, carried.localPath))).toString('base64')).toBe(bytes)
    const job = await ok('jobs.submit', { request: { model: 'u1-1', u1Params: { image: carried.url } }, inputs: [{ field: 'u1Params.image', uploadId: carried.id }] })
    expect(job.submission).not.toBe('failed')
    expect(live.jobCount()).toBe(1)

    // Back to demo: the live upload goes to the demo service.
    expect((await ok('key.clear', {})).mode).toBe('demo')
    const back = await ok('uploads.carry', { uploadId: carried.id })
    expect(new URL(back.url).origin).toBe(new URL((await ok('app.info', {})).baseUrl).origin)
  })

  it('answers not found, sending nothing, for an upload no mode kept or a copy that changed', async () => {
    const demo = await ok('uploads.create', { file: { fileName: 'kite.png', dataBase64: await png() }, field: 'u1Params.image' })
    const demoLibrary = (await ok('app.info', {})).libraryDir as string
    await goLive()
    expect(await fails('uploads.carry', { uploadId: 'no-such-upload' })).toMatchObject({ code: 'not_found', message: 'That input is not kept in the library any more; add the file again' })
    // Another file in its place is not the file the user chose.
    await writeFile(join(demoLibrary, demo.localPath), Buffer.from(await png(), 'base64').subarray(0, 60))
    expect(await fails('uploads.carry', { uploadId: demo.id })).toMatchObject({ code: 'not_found' })
    expect(await fails('uploads.carry', { uploadId: '' })).toMatchObject({ code: 'invalid_input' })
  })
})
