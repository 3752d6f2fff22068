import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { loraSchema, resultImageSchema } from '../../../src/shared/api'
import { startSimulator } from '../../../src/simulator'
import { call, createLora, download, fileOf, getJob, onCleanup, pngBytes, postForm, route, startTestSim, submit, tempDir, waitForJob, waitForLora } from './helpers'

describe('demo service: persistence in the data directory', () => {
  it('keeps the key, credits, jobs, keys, LoRAs and uploads across a restart', async () => {
    const dataDir = await tempDir()
    const first = await startTestSim({ dataDir, credits: 500 })
    const done = await submit(first, 'generateImage', { model: 'i2-1', prompt: 'kept' }, { 'idempotency-key': 'persisted-key' })
    await waitForJob(first, done)
    const loraId = await createLora(first)
    await waitForLora(first, loraId, ['READY'])
    const form = new FormData()
    form.set('file', fileOf(await pngBytes(), 'in.png'))
    const upload = (await postForm(first, route('upload'), form)).body as { id: string; url: string }
    const { apiKey } = first
    await first.close()

    const state = JSON.parse(await readFile(`${dataDir}/state.json`, 'utf8')) as { version: number }
    expect(state.version).toBe(1)
    expect((await readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([])

    const second = await startTestSim({ dataDir })
    expect(second.apiKey).toBe(apiKey)
    expect(second.credits()).toBe(488)
    expect(second.jobCount()).toBe(1)
    const job = await getJob(second, done)
    expect(job.status).toBe('COMPLETED')
    const url = resultImageSchema.parse(job.result).images[0] ?? ''
    expect(url.startsWith(second.url)).toBe(true)
    expect((await download(url)).status).toBe(200)
    const replay = await call<{ jobId: string }>(second, 'POST', route('generateImage'), { model: 'i1-1', prompt: 'other' }, { 'idempotency-key': 'persisted-key' })
    expect(replay.status).toBe(200)
    expect(replay.body.jobId).toBe(done)
    expect(loraSchema.parse((await call(second, 'GET', route('getLora', loraId))).body).status).toBe('READY')
    expect((await download(`${second.url}/cdn/uploads/${upload.id}/file.png`)).status).toBe(200)
  })

  it('resumes queued and processing jobs after a restart', async () => {
    const dataDir = await tempDir()
    const first = await startTestSim({ dataDir, speed: 0.5 })
    const processing = await submit(first, 'generateImage', { model: 'i1-1', prompt: 'mid-flight' })
    await waitForJob(first, processing, ['PROCESSING'])
    await first.close()
    const held = await startTestSim({ dataDir, holdJobs: true })
    const queued = await submit(held, 'generateImage', { model: 'i1-1', prompt: 'still queued' })
    await held.close()

    const second = await startTestSim({ dataDir, speed: 50 })
    expect((await waitForJob(second, processing)).status).toBe('COMPLETED')
    expect((await waitForJob(second, queued)).status).toBe('COMPLETED')
    expect(second.credits()).toBe(100_000 - 6)
  })

  it('uses the given --api-key over the saved one', async () => {
    const dataDir = await tempDir()
    const first = await startSimulator({ dataDir, log: () => undefined })
    await first.close()
    const second = await startSimulator({ dataDir, apiKey: 'mgk_given', log: () => undefined })
    onCleanup(() => second.close())
    expect(second.apiKey).toBe('mgk_given')
    expect((await call(second, 'GET', route('me'))).status).toBe(200)
  })
})
