import { describe, expect, it } from 'vitest'
import { DEFAULT_PROFILE, legacyTaskResultSchema } from '../../../src/shared/api'
import { sniffMediaType } from '../../../src/shared/media/sniff'
import type { Simulator } from '../../../src/simulator'
import { LEGACY_PRICES } from '../contract/price-table'
import { download, startReceiver, startTestSim, waitFor } from './helpers'

async function legacy(sim: Simulator, method: string, path: string, body?: unknown, auth: string | null = sim.apiKey) {
  const res = await fetch(sim.legacyUrl + path, {
    method,
    headers: { ...(auth === null ? {} : { authorization: auth }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const submitPath = DEFAULT_PROFILE.routes.legacySubmit.path
const fetchPath = (id: string) => DEFAULT_PROFILE.routes.legacyFetch.path.replace('{id}', id)

describe('demo service: legacy video endpoint', () => {
  it('charges the spec\'s cost table, doubled with audio, and refuses 1080p for B and C', async () => {
    const sim = await startTestSim({ holdJobs: true, credits: 100_000 })
    for (const [model, rows] of Object.entries(LEGACY_PRICES)) {
      for (const [resolution, costs] of Object.entries(rows)) {
        for (const [i, duration] of [4, 8, 12].entries()) {
          for (const audio of [false, true, 'true']) {
            const before = sim.credits()
            const res = await legacy(sim, 'POST', submitPath, { prompt: 'a calm sea', model, resolution, duration, generate_audio: audio })
            if (!costs) {
              expect(res.status, `${model} ${resolution}`).toBe(400)
              expect(JSON.stringify(res.body.errors)).toContain('resolution')
              continue
            }
            expect(res.status, `${model} ${resolution} ${duration}`).toBe(200)
            expect(res.body.task_id).toMatch(/^[0-9a-f-]{36}$/)
            const base = costs[i] ?? NaN
            expect(before - sim.credits(), `${model} ${resolution} ${duration}s audio=${String(audio)}`).toBe(audio === false ? base : base * 2)
          }
        }
      }
    }
    // Defaults: 720p, 8 s, no audio.
    const before = sim.credits()
    expect((await legacy(sim, 'POST', submitPath, { prompt: 'defaults', model: 'lv-c' })).status).toBe(200)
    expect(before - sim.credits()).toBe(104)
  })

  it('answers 401 {}, 400 {errors: [{msg}]} naming the field, 402 and 404 in the legacy shapes', async () => {
    const sim = await startTestSim({ holdJobs: true, credits: 10 })
    expect(await legacy(sim, 'POST', submitPath, { prompt: 'abc', model: 'lv-a' }, null)).toEqual({ status: 401, body: {} })
    expect(await legacy(sim, 'POST', submitPath, { prompt: 'abc', model: 'lv-a' }, `Bearer ${sim.apiKey}`)).toEqual({ status: 401, body: {} })
    const cases: Array<[unknown, string]> = [
      ['{"prompt":', 'JSON'],
      [{ prompt: 'ab', model: 'lv-a' }, 'prompt'],
      [{ prompt: 'abc' }, 'model'],
      [{ prompt: 'abc', model: 'lv-a', first_frame_url: 'https://example.com/f.png' }, 'first_frame_url'],
      [{ prompt: 'abc', model: 'lv-b', image_url: 'https://example.com/f.png' }, 'image_url'],
      [{ prompt: 'abc', model: 'lv-a', duration: 5 }, 'duration'],
      [{ prompt: 'abc', model: 'lv-a', webhook_url: 'http://127.0.0.1:1/h' }, 'webhook_url']
    ]
    for (const [body, field] of cases) {
      const res = await legacy(sim, 'POST', submitPath, body)
      expect(res.status, field).toBe(400)
      const errors = res.body.errors as Array<{ msg: string }>
      expect(errors.some((e) => e.msg.includes(field)), JSON.stringify(errors)).toBe(true)
    }
    const poor = await legacy(sim, 'POST', submitPath, { prompt: 'abc', model: 'lv-a', resolution: '720p', duration: 8 })
    expect(poor.status).toBe(402)
    expect((poor.body.errors as Array<{ msg: string }>)[0]?.msg).toMatch(/Insufficient credits/)
    expect(sim.credits()).toBe(10)
    const missing = await legacy(sim, 'GET', fetchPath('00000000-0000-4000-8000-000000000000'))
    expect(missing.status).toBe(404)
  })

  it('runs a task to finished with a WebM video_url and posts progress and the result with x-webhook-secret', async () => {
    // The first delivery of the final result fails: it is retried like v2's.
    let failedFinal = false
    const hook = await startReceiver((_n, body) => {
      if (body.status === 'finished' && !failedFinal) {
        failedFinal = true
        return 503
      }
      return 200
    })
    const sim = await startTestSim({ speed: 200, allowPrivateWebhooks: true })
    const res = await legacy(sim, 'POST', submitPath, {
      prompt: 'a paper boat', model: 'lv-a', resolution: '480p', duration: 4, webhook_url: hook.url, webhook_secret: 'shh'
    })
    const taskId = String(res.body.task_id)
    const first = legacyTaskResultSchema.parse((await legacy(sim, 'GET', fetchPath(taskId))).body)
    expect(first).toMatchObject({ task_id: taskId, task_type: 'lv-video', status: 'processing' })
    expect(first.video_url).toBeUndefined()

    const done = await waitFor(async () => {
      const task = legacyTaskResultSchema.parse((await legacy(sim, 'GET', fetchPath(taskId))).body)
      return task.status === 'finished' ? task : undefined
    })
    expect(done.percentage).toBe(100)
    const video = await download(done.video_url ?? '')
    expect(sniffMediaType(video.bytes)?.mime).toBe('video/webm')

    await waitFor(() => (hook.received.filter((d) => d.body.status === 'finished').length === 2 ? true : undefined))
    const progress = hook.received.filter((d) => d.body.status === 'processing')
    expect(progress.length).toBeGreaterThan(0)
    for (const d of hook.received) {
      expect(d.headers['x-webhook-secret']).toBe('shh')
      expect(legacyTaskResultSchema.parse(d.body).task_id).toBe(taskId)
    }
    expect(hook.received.filter((d) => d.body.status === 'finished').every((d) => d.body.video_url === done.video_url)).toBe(true)
  })
})
