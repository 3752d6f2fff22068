import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { jobSchema, resultImageSchema, resultMusicSchema, resultVideoSchema } from '../../../src/shared/api'
import { sniffMediaType } from '../../../src/shared/media/sniff'
import { CREDITS_PATH, RELEASE_PATH } from '../../../src/simulator'
import { makePlan, markersOf } from '../../../src/simulator/lifecycle'
import { call, download, fileOf, getJob, pngBytes, postForm, route, startTestSim, submit, waitFor, waitForJob } from './helpers'

describe('demo service: job lifecycle', () => {
  it('goes QUEUED → PROCESSING with rising progress → COMPLETED with images shaped by the aspect ratio', async () => {
    const sim = await startTestSim({ speed: 2, holdJobs: true })
    const id = await submit(sim, 'generateImage', { model: 'i6-1', prompt: 'a lighthouse at dusk', i6Params: { aspect_ratio: '16:9' } })
    const queued = await getJob(sim, id)
    const seen: Array<[string, number | null]> = [[queued.status, queued.progress]]
    sim.releaseJobs()
    const done = await waitFor(async () => {
      const job = await getJob(sim, id)
      seen.push([job.status, job.progress])
      return job.status === 'COMPLETED' || job.status === 'FAILED' ? job : undefined
    })
    expect(jobSchema.parse(done).status).toBe('COMPLETED')
    expect(seen[0]).toEqual(['QUEUED', 0])
    const progress = seen.filter(([s]) => s === 'PROCESSING').map(([, p]) => p ?? 0)
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true)
    expect([...progress].sort((a, b) => a - b)).toEqual(progress)
    expect(done.progress).toBe(100)
    expect(done.completedAt).not.toBeNull()
    expect(done.input).toEqual({ model: 'i6-1', prompt: 'a lighthouse at dusk', i6Params: { aspect_ratio: '16:9' } })
    expect(done.creditCost).toBe(6)

    const result = resultImageSchema.parse(done.result)
    expect(result.images).toHaveLength(1)
    expect(result.gridUrl).toBeUndefined()
    const url = result.images[0] ?? ''
    expect(url.startsWith(`${sim.url}/cdn/`)).toBe(true)
    const file = await download(url)
    expect(file.status).toBe(200)
    expect(sniffMediaType(file.bytes)?.mime).toBe('image/png')
    expect(file.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(file.bytes).metadata()
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(16 / 9, 1)
  })

  it('renders the requested format and count, and I16 four images plus a 2x2 grid', async () => {
    const sim = await startTestSim()
    const jpg = await submit(sim, 'generateImage', { model: 'i11-1', prompt: 'two cats', i11Params: { num_images: 2, output_format: 'jpeg', image_size: 'portrait_4_3' } })
    const grid = await submit(sim, 'generateImage', { model: 'i16-1', prompt: 'a grid', i16Params: { aspect_ratio: '1:1', seed: 7 } })
    const jpgJob = await waitForJob(sim, jpg)
    const jpgResult = resultImageSchema.parse(jpgJob.result)
    expect(jpgJob.creditCost).toBe(8)
    expect(jpgResult.images).toHaveLength(2)
    for (const url of jpgResult.images) {
      const file = await download(url)
      expect(sniffMediaType(file.bytes)?.mime).toBe('image/jpeg')
      const meta = await sharp(file.bytes).metadata()
      expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(3 / 4, 1)
    }

    const gridResult = resultImageSchema.parse((await waitForJob(sim, grid)).result)
    expect(gridResult.images).toHaveLength(4)
    expect(gridResult.gridUrl).toBeDefined()
    const gridFile = await download(gridResult.gridUrl ?? '')
    expect(sniffMediaType(gridFile.bytes)?.kind).toBe('image')
    const files = await Promise.all(gridResult.images.map((u) => download(u)))
    expect(new Set(files.map((f) => f.bytes.toString('base64'))).size).toBe(4)
  })

  it('renders video as WebM and music as WAV', async () => {
    const sim = await startTestSim({ speed: 100 })
    const video = await submit(sim, 'generateVideo', { model: 'v5-1', prompt: 'waves', v5Params: { duration: 3, aspect_ratio: '9:16' } })
    const music = await submit(sim, 'generateMusic', { model: 'm1-1', prompt: 'calm piano', m1Params: { duration_seconds: 5, instrumental: true } })
    const videoJob = await waitForJob(sim, video)
    expect(videoJob.creditCost).toBe(60)
    const clip = await download(resultVideoSchema.parse(videoJob.result).videos[0] ?? '')
    expect(sniffMediaType(clip.bytes)?.mime).toBe('video/webm')
    const musicJob = await waitForJob(sim, music)
    expect(musicJob.creditCost).toBe(5)
    const track = await download(resultMusicSchema.parse(musicJob.result).tracks[0] ?? '')
    expect(sniffMediaType(track.bytes)?.mime).toBe('audio/wav')
  })

  it('fails a #fail prompt after some progress, with the error and a refund', async () => {
    // Held until the charge is seen, so a fast failure cannot refund it first.
    const sim = await startTestSim({ credits: 100, holdJobs: true })
    const id = await submit(sim, 'generateImage', { model: 'i2-1', prompt: 'please #fail now' })
    expect(sim.credits()).toBe(88)
    sim.releaseJobs()
    const job = await waitForJob(sim, id)
    expect(job.status).toBe('FAILED')
    expect(job.error).toBe('Simulated failure')
    expect(job.progress).toBeGreaterThan(0)
    expect(job.result).toBeNull()
    expect(sim.credits()).toBe(100)
  })

  it('holds a #hold prompt in PROCESSING at its first step until released, then completes it', async () => {
    const sim = await startTestSim()
    const id = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'a harbour #hold' })
    const other = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'a harbour' })
    const first = await waitFor(async () => {
      const job = await getJob(sim, id)
      return job.status === 'PROCESSING' && (job.progress ?? 0) > 0 ? job : undefined
    }, 10_000, 'the held job to make its first step')
    expect(first.progress).toBeLessThan(100)
    // After an unheld twin has finished, the held job still stands where it stopped.
    await waitForJob(sim, other, ['COMPLETED'])
    expect(await getJob(sim, id)).toMatchObject({ status: 'PROCESSING', progress: first.progress, result: null })

    const bad = await call(sim, 'POST', RELEASE_PATH, { jobId: id, extra: 1 })
    expect(bad.status).toBe(400)
    expect((await call(sim, 'POST', RELEASE_PATH, { jobId: id }, { 'x-api-key': 'wrong' })).status).toBe(401)
    const released = await call(sim, 'POST', RELEASE_PATH, { jobId: id })
    expect(released).toMatchObject({ status: 200, body: { released: 1 } })
    expect((await waitForJob(sim, id)).status).toBe('COMPLETED')
    // Nothing is held any more.
    expect((await call(sim, 'POST', RELEASE_PATH, {})).body).toEqual({ released: 0 })
  })

  it('makes a #takes=N job take about N seconds, its progress rising one point at a time', () => {
    const plan = makePlan('image', 'job-takes', markersOf('a long one #takes=120'))
    expect(plan.steps).toEqual(Array.from({ length: 99 }, (_, i) => i + 1))
    expect(plan.queuedMs + plan.stepMs * (plan.steps.length + 1)).toBeCloseTo(120_000, -3)
    // Out of range (over an hour, zero, not a number): an ordinary job.
    for (const prompt of ['#takes=3601', '#takes=0', '#takes=soon']) expect(makePlan('image', 'job-takes', markersOf(prompt)).steps.length).toBeLessThan(10)
  })

  it('stops a #stall=N job at its first step for N seconds, then lets it finish by itself', async () => {
    const sim = await startTestSim({ speed: 20 })
    const stalled = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'a harbour #stall=3600' })
    const brief = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'a harbour #stall=2' })
    const other = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'a harbour' })
    const first = await waitFor(async () => {
      const job = await getJob(sim, stalled)
      return job.status === 'PROCESSING' && (job.progress ?? 0) > 0 ? job : undefined
    }, 10_000, 'the stalled job to make its first step')
    await waitForJob(sim, other, ['COMPLETED'])
    expect((await waitForJob(sim, brief)).status).toBe('COMPLETED')
    // The twin that stalls for an hour still stands where it stopped.
    expect(await getJob(sim, stalled)).toMatchObject({ status: 'PROCESSING', progress: first.progress, result: null })
  })

  it('sets the team\'s credits through its control endpoint, with the API key only', async () => {
    const sim = await startTestSim({ credits: 100 })
    expect((await call(sim, 'POST', CREDITS_PATH, { credits: -1 })).status).toBe(400)
    expect((await call(sim, 'POST', CREDITS_PATH, { credits: 5 }, { 'x-api-key': 'wrong' })).status).toBe(401)
    expect(await call(sim, 'POST', CREDITS_PATH, { credits: 5 })).toMatchObject({ status: 200, body: { credits: 5 } })
    expect(sim.credits()).toBe(5)
    expect((await call(sim, 'POST', route('generateImage'), { model: 'i6-1', prompt: 'a' })).status).toBe(402)
  })

  it('cancels a QUEUED or PROCESSING job with a refund, and answers 409 afterwards', async () => {
    const sim = await startTestSim({ credits: 100, holdJobs: true })
    const queued = await submit(sim, 'generateImage', { model: 'i1-1', prompt: 'a' })
    expect(sim.credits()).toBe(97)
    const cancelled = await call(sim, 'POST', route('cancelJob', queued))
    expect(cancelled.status).toBe(200)
    expect(cancelled.body).toMatchObject({ id: queued, status: 'CANCELLED' })
    expect(sim.credits()).toBe(100)
    const again = await call(sim, 'POST', route('cancelJob', queued))
    expect(again.status).toBe(409)
    expect(typeof again.body.error).toBe('string')
    expect((await call(sim, 'POST', route('cancelJob', '00000000-0000-4000-8000-000000000000'))).status).toBe(404)

    const held = await startTestSim({ credits: 100 })
    const running = await submit(held, 'generateImage', { model: 'i1-1', prompt: 'b #hold' })
    await waitForJob(held, running, ['PROCESSING'])
    expect((await call(held, 'POST', route('cancelJob', running))).body.status).toBe('CANCELLED')
    expect(held.credits()).toBe(100)

    const fast = await startTestSim()
    const finished = await submit(fast, 'generateImage', { model: 'i1-1', prompt: 'c' })
    await waitForJob(fast, finished)
    expect((await call(fast, 'POST', route('cancelJob', finished))).status).toBe(409)
  })

  it('answers 402 with the credits required and available, creating nothing', async () => {
    const sim = await startTestSim({ credits: 5, holdJobs: true })
    const res = await call(sim, 'POST', route('generateImage'), { model: 'i2-1', prompt: 'x' })
    expect(res.status).toBe(402)
    expect(res.body).toEqual({ error: 'Insufficient credits', creditsRequired: 12, creditsAvailable: 5 })
    expect(sim.jobCount()).toBe(0)
    expect(sim.credits()).toBe(5)
  })

  it('prices U1 by the megapixels of an uploaded input image', async () => {
    const sim = await startTestSim({ holdJobs: true })
    const form = new FormData()
    form.set('file', fileOf(await pngBytes(2048, 1024), 'wide.png'))
    const upload = await postForm(sim, route('upload'), form)
    const url = (upload.body as { url: string }).url
    // 2 MP × 2² = 8 MP, at 2 credits per megapixel.
    const own = await submit(sim, 'upscaleImage', { model: 'u1-1', u1Params: { image: url, upscale_factor: 2 } })
    expect((await getJob(sim, own)).creditCost).toBe(16)
    // Elsewhere the input is assumed to be 1 MP.
    const other = await submit(sim, 'upscaleImage', { model: 'u1-1', u1Params: { image: 'https://example.com/x.png', upscale_factor: 2 } })
    expect((await getJob(sim, other)).creditCost).toBe(8)
    // A URL of this service that names nothing is a 404.
    const missing = await call(sim, 'POST', route('upscaleImage'), { model: 'u1-1', u1Params: { image: `${sim.url}/cdn/uploads/00000000-0000-4000-8000-000000000000/file.png` } })
    expect(missing.status).toBe(404)
  })
})
