// The controller's routes in demo mode: uploads checked by their bytes and kept for
// remixes, LoRAs through their lifecycle, assets, the legacy endpoint tracked to a saved
// video, cancel and retry.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppController } from '../../../src/main/core/app/controller'
import { FileSecretStore } from '../../../src/main/core/settings/file-secret-store'
import { FileSettingsStore } from '../../../src/main/core/settings/file-settings-store'
import type { Simulator } from '../../../src/simulator'
import { startDemoService } from '../../../src/simulator/demo-mode'
import type { AppEvent, RouteName } from '../../../src/shared/contract'
import type { JobView } from '../../../src/shared/app/views'

let dir: string
let c: AppController
/** The demo service the controller started, to see a job as the service sees it. */
let demo: Simulator

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are checked field by field
async function ok(route: RouteName, input: unknown): Promise<any> {
  const r = await c.dispatch(route, input)
  if (!r.ok) throw new Error(`${route}: ${r.error.code} ${r.error.message}`)
  return r.data
}

/** Waits until a job of the queue is saved to the library. */
function saved(localId: string): Promise<JobView> {
  return vi.waitFor(async () => {
    const job = (await ok('jobs.list', {}) as JobView[]).find((j) => j.localId === localId)
    expect(job?.saved).toBe('saved')
    return job as JobView
  }, { timeout: 60_000, interval: 50 })
}

async function png(seed: number): Promise<string> {
  const buf = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed * 7 % 255, g: 80, b: 120 } } }).png().toBuffer()
  return buf.toString('base64')
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'routes-'))
  c = await AppController.start({
    dataDir: dir,
    secrets: FileSecretStore.inDir(dir),
    settings: new FileSettingsStore(join(dir, 'settings.json')),
    hooks: { platform: 'browser' },
    version: 'test',
    startDemoService: async (options) => (demo = await startDemoService({ ...options, speed: 40 }))
  })
})
afterAll(async () => {
  await c?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('controller routes (demo mode)', () => {
  it('uploads a dropped image, keeps the original, and refuses a file that is not media', async () => {
    const upload = await ok('uploads.create', { file: { fileName: 'ref.png', dataBase64: await png(1) }, field: 'u1Params.image' })
    expect(upload).toMatchObject({ kind: 'image', contentType: 'image/png' })
    const kept = await readFile(join(c.libraryDir(), upload.localPath))
    expect(kept.subarray(1, 4).toString()).toBe('PNG')
    const bad = await c.dispatch('uploads.create', { file: { fileName: 'notes.txt', dataBase64: Buffer.from('hello world').toString('base64') } })
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { file: ['Not an accepted file type'] } } })
  })

  it('upscales an uploaded image and remixes a library output after its upload', async () => {
    const upload = await ok('uploads.create', { file: { fileName: 'small.png', dataBase64: await png(2) }, field: 'u1Params.image' })
    const job: JobView = await ok('jobs.submit', { request: { model: 'u1-1', u1Params: { image: upload.url, upscale_factor: 2 } }, inputs: [{ field: 'u1Params.image', uploadId: upload.id }] })
    const done = await saved(job.localId)
    const entry = await ok('library.get', { jobId: done.jobId })
    expect(entry.inputs[0]).toMatchObject({ field: 'u1Params.image', fileName: 'small.png', mime: 'image/png' })
    const again = await ok('uploads.fromLibrary', { jobId: done.jobId, index: 0 })
    expect(again.url).not.toBe(upload.url)
    // Retry uploads the kept original again: a new job with the same inputs.
    const retried: JobView = await ok('jobs.retry', { localId: job.localId })
    expect(retried.localId).not.toBe(job.localId)
    expect((retried.request.u1Params as { image: string }).image).not.toBe(upload.url)
  })

  it('estimates costs as the service charges them', async () => {
    expect(await ok('jobs.estimate', { request: { model: 'i8-1', prompt: 'x', i8Params: { number_of_images: 3 } } })).toMatchObject({ credits: 21 })
    expect(await ok('legacy.estimate', { request: { model: 'lv-b', prompt: 'a cat', resolution: '720p', duration: 12, generate_audio: true } })).toMatchObject({ credits: 360 })
    const bad = await c.dispatch('jobs.estimate', { request: { model: 'v1-1', prompt: 'x', v1Params: { duration: 7 } } })
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation', details: { 'v1Params.duration': expect.any(Array) } } })
  })

  it('creates, renames, trains and deletes a LoRA', async () => {
    const images = await Promise.all(Array.from({ length: 15 }, async (_, i) => ({ fileName: `face-${i}.png`, dataBase64: await png(i + 10) })))
    const tooFew = await c.dispatch('loras.create', { name: 'me', subjectKind: 'person', images: images.slice(0, 3) })
    expect(tooFew).toMatchObject({ ok: false, error: { code: 'invalid_input', details: { images: ['At least 15 images'] } } })
    const lora = await ok('loras.create', { name: 'me', subjectKind: 'person', triggerWord: 'zqx', images })
    expect(lora.imageCount).toBe(15)
    const ready = await vi.waitFor(async () => {
      const found = (await ok('loras.list', {})).find((l: { id: string }) => l.id === lora.id)
      expect(found?.status).toBe('READY')
      return found
    }, { timeout: 60_000, interval: 50 })
    expect(ready.isReady).toBe(true)
    expect((await ok('loras.rename', { id: lora.id, name: 'me, renamed' })).name).toBe('me, renamed')
    const job: JobView = await ok('jobs.submit', { request: { model: 'i17-1', prompt: 'zqx portrait', i17Params: { loraId: lora.id, num_outputs: 2 } } })
    expect(job.submission).toBe('accepted')
    await ok('loras.delete', { id: lora.id })
    expect((await ok('loras.list', {})).find((l: { id: string }) => l.id === lora.id).status).toBe('ARCHIVED')
  })

  it('registers an asset', async () => {
    expect((await ok('assets.create', { url: 'https://example.com/a.png', type: 'image' })).assetId).toEqual(expect.any(String))
  })

  it('tracks a legacy video to a saved file', async () => {
    const job: JobView = await ok('legacy.submit', { request: { model: 'lv-a', prompt: 'a slow pan over hills', duration: 4, resolution: '480p' } })
    expect(job).toMatchObject({ kind: 'legacy', submission: 'accepted', creditCost: 4 })
    // Webhooks are on in demo mode: the service got the secret, the journal only the URL.
    const secret = (await readFile(join(dir, 'demo', 'legacy-webhook-secret'), 'utf8')).trim()
    expect(secret.length).toBeGreaterThanOrEqual(32)
    expect(await readFile(join(dir, 'demo', 'service', 'state.json'), 'utf8')).toContain(secret)
    const journalPath = join(dir, 'demo', 'journal.jsonl')
    const journal = await readFile(journalPath)
    expect(journal.toString('utf8')).toContain('/webhooks/legacy')
    expect(journal.includes(secret)).toBe(false)
    if (process.platform !== 'win32') expect((await stat(journalPath)).mode & 0o777).toBe(0o600)
    const done = await saved(job.localId)
    const entry = await ok('library.get', { jobId: done.jobId })
    expect(entry.files[0]).toMatchObject({ role: 'video', mime: 'video/webm', state: 'saved' })
  })

  it('refuses a legacy request with a field the endpoint does not know, before anything is sent', async () => {
    const before: JobView[] = await ok('jobs.list', {})
    for (const route of ['legacy.submit', 'legacy.estimate'] as const) {
      const r = await c.dispatch(route, { request: { model: 'lv-a', prompt: 'a slow pan over hills', seed: 7 } })
      expect(r).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringContaining('seed'), details: { $: [expect.stringContaining('seed')] } } })
    }
    expect(await ok('jobs.list', {})).toHaveLength(before.length)
  })

  it('cancels a running job and refunds it, telling the window the balance each time', async () => {
    const before = (await ok('account.get', {})).team.credits
    const told: Array<number | null> = []
    const stop = c.onEvent((e) => e.name === 'account.updated' && told.push(e.payload.credits))
    try {
      // `#hold` keeps the demo job PROCESSING until it is released, so the cancel cannot race its end.
      const job: JobView = await ok('jobs.submit', { request: { model: 'v2-1', prompt: 'long video #hold', v2Params: { duration: 10 } } })
      // The engine re-reads the balance by itself (nothing here asks for the account).
      await vi.waitFor(() => expect(told).toContain(before - 280))
      await vi.waitFor(async () => {
        const res = await fetch(`${demo.url}/v2/jobs/${job.jobId}`, { headers: { 'x-api-key': demo.apiKey } })
        expect(((await res.json()) as { status: string }).status).toBe('PROCESSING')
      }, { timeout: 10_000, interval: 20 })
      const cancelled = await ok('jobs.cancel', { localId: job.localId })
      expect(cancelled.status).toBe('CANCELLED')
      await vi.waitFor(() => expect(told.at(-1)).toBe(before))
      expect((await ok('account.get', {})).team.credits).toBe(before)
      const again = await c.dispatch('jobs.cancel', { localId: job.localId })
      expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } })
    } finally {
      stop()
    }
  })

  it('refuses settings URLs that are not http(s), and keeps the saved ones', async () => {
    const before = await ok('settings.get', {})
    for (const [field, value] of [['baseUrl', 'file:///etc/passwd'], ['legacyBaseUrl', 'javascript:alert(1)'], ['publicWebhookUrl', 'file:///tmp/hook']] as const) {
      const r = await c.dispatch('settings.update', { [field]: value })
      expect(r).toEqual({ ok: false, error: { code: 'invalid_input', message: `Invalid input: ${field}: Must be an http(s) URL`, details: { [field]: ['Must be an http(s) URL'] } } })
    }
    expect(await ok('settings.get', {})).toEqual(before)
  })

  it('applies settings it could not save, and tells the user why', async () => {
    const file = join(dir, 'settings.json')
    // A folder with something in it where the file goes: the save cannot replace it.
    await rm(file, { force: true })
    await mkdir(file)
    await writeFile(join(file, 'keep'), '')
    const notices: AppEvent[] = []
    const stop = c.onEvent((e) => e.name === 'notice' && notices.push(e))
    try {
      expect(await ok('settings.update', { notifications: false })).toMatchObject({ notifications: false })
      await vi.waitFor(() => expect(notices).not.toHaveLength(0))
      expect(notices[0]?.payload).toEqual({ level: 'warning', message: expect.stringMatching(/settings could not be saved to .*settings\.json: .*They apply until the app is closed\./), key: 'main:settings.notSaved', values: { reason: expect.any(String) } })
      expect((await ok('settings.get', {})).notifications).toBe(false)
    } finally {
      stop()
      await rm(file, { recursive: true, force: true })
    }
  })
})
