// The legacy single-endpoint video interface: request rules, cost table, result shapes.
import { describe, expect, it } from 'vitest'
import {
  detailsFromZodError, legacyCost, legacyErrorSchema, legacyRequestSchema, legacySubmitResponseSchema, legacyTaskResultSchema, type LegacyModel
} from '../../../src/shared/api'
import { LEGACY_PRICES } from './price-table'
import { ASTRAL } from './spec-rules'

const IMG = 'https://cdn.example.com/frame.png'
const ok = (req: Record<string, unknown>) => legacyRequestSchema.safeParse(req)
function expectOk(req: Record<string, unknown>) {
  const r = ok(req)
  expect(r.success ? null : r.error.issues, JSON.stringify(req)).toBeNull()
  return r.data!
}
function expectBad(req: Record<string, unknown>, path: string) {
  const r = ok(req)
  expect(r.success, JSON.stringify(req)).toBe(false)
  expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path)
}
const base = (model: string) => ({ prompt: 'a cat surfing a wave', model })

describe('legacy request: prompt and model', () => {
  it.each(['lv-a', 'lv-b', 'lv-c'])('model %s is accepted', (model) => {
    expectOk(base(model))
  })
  it.each(['lv-d', 'A', 'v1-1', '', 7])('model %j is rejected', (model) => expectBad({ ...base('lv-a'), model }, 'model'))
  it('model is required', () => expectBad({ prompt: 'hello' }, 'model'))
  it('prompt is 3..2500 characters, counted by code point', () => {
    expectOk({ ...base('lv-a'), prompt: 'abc' })
    expectOk({ ...base('lv-a'), prompt: 'x'.repeat(2500) })
    expectOk({ ...base('lv-a'), prompt: ASTRAL.repeat(2500) })
    expectOk({ ...base('lv-a'), prompt: ASTRAL.repeat(3) })
    expectBad({ ...base('lv-a'), prompt: 'ab' }, 'prompt')
    expectBad({ ...base('lv-a'), prompt: '' }, 'prompt')
    expectBad({ ...base('lv-a'), prompt: 'x'.repeat(2501) }, 'prompt')
    expectBad({ ...base('lv-a'), prompt: ASTRAL.repeat(2501) }, 'prompt')
    expectBad({ ...base('lv-a'), prompt: 12345 }, 'prompt')
  })
  it('prompt is not marked required (only model is)', () => {
    expectOk({ model: 'lv-a', image_url: IMG })
  })
})

describe('legacy request: model-specific fields', () => {
  it('image_url is for model A only', () => {
    expectOk({ ...base('lv-a'), image_url: IMG })
    expectBad({ ...base('lv-b'), image_url: IMG }, 'image_url')
    expectBad({ ...base('lv-c'), image_url: IMG }, 'image_url')
    expectBad({ ...base('lv-a'), image_url: 'frame.png' }, 'image_url')
  })
  it.each(['first_frame_url', 'last_frame_url'])('%s is for models B and C only', (field) => {
    expectOk({ ...base('lv-b'), [field]: IMG })
    expectOk({ ...base('lv-c'), [field]: IMG })
    expectBad({ ...base('lv-a'), [field]: IMG }, field)
    expectBad({ ...base('lv-b'), [field]: 'not a url' }, field)
  })
  it('last_frame_url is a URL string, not the boolean it is listed as', () => {
    expectBad({ ...base('lv-b'), last_frame_url: true }, 'last_frame_url')
    expectOk({ ...base('lv-c'), first_frame_url: IMG, last_frame_url: IMG })
  })
})

describe('legacy request: aspect_ratio, resolution, duration', () => {
  const RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16', '21:9']
  it.each(['lv-a', 'lv-b', 'lv-c'])('%s takes every listed aspect ratio, default 16:9', (model) => {
    for (const aspect_ratio of RATIOS) expectOk({ ...base(model), aspect_ratio })
    expect(expectOk(base(model)).aspect_ratio).toBe('16:9')
    for (const aspect_ratio of ['2:1', '9:21', '16x9', '']) expectBad({ ...base(model), aspect_ratio }, 'aspect_ratio')
  })
  it('adaptive is for B and C only', () => {
    expectOk({ ...base('lv-b'), aspect_ratio: 'adaptive' })
    expectOk({ ...base('lv-c'), aspect_ratio: 'adaptive' })
    expectBad({ ...base('lv-a'), aspect_ratio: 'adaptive' }, 'aspect_ratio')
  })
  it('resolution 480p and 720p for all, 1080p for model A only, default 720p', () => {
    for (const model of ['lv-a', 'lv-b', 'lv-c']) {
      expectOk({ ...base(model), resolution: '480p' })
      expectOk({ ...base(model), resolution: '720p' })
      expect(expectOk(base(model)).resolution).toBe('720p')
      expectBad({ ...base(model), resolution: '4k' }, 'resolution')
      expectBad({ ...base(model), resolution: '720' }, 'resolution')
    }
    expectOk({ ...base('lv-a'), resolution: '1080p' })
    expectBad({ ...base('lv-b'), resolution: '1080p' }, 'resolution')
    expectBad({ ...base('lv-c'), resolution: '1080p' }, 'resolution')
  })
  it('duration is 4, 8 or 12 seconds, default 8', () => {
    for (const duration of [4, 8, 12]) expect(expectOk({ ...base('lv-b'), duration }).duration).toBe(duration)
    expect(expectOk(base('lv-b')).duration).toBe(8)
    for (const duration of [0, 5, 10, 16, 8.5, '8']) expectBad({ ...base('lv-b'), duration }, 'duration')
  })
})

describe('legacy request: generate_audio and webhooks', () => {
  it.each([[true, true], [false, false], ['true', true], ['false', false]])('generate_audio %j reads as %j', (value, expected) => {
    expect(expectOk({ ...base('lv-a'), generate_audio: value }).generate_audio).toBe(expected)
  })
  it('generate_audio defaults to false', () => {
    expect(expectOk(base('lv-c')).generate_audio).toBe(false)
  })
  it.each(['yes', 'TRUE', 1, 0, null])('generate_audio %j is rejected', (value) => {
    expectBad({ ...base('lv-a'), generate_audio: value }, 'generate_audio')
  })
  it('webhook_url is a URL, webhook_secret a string', () => {
    expectOk({ ...base('lv-a'), webhook_url: 'https://hooks.example.com/legacy', webhook_secret: 's3cret' })
    expectBad({ ...base('lv-a'), webhook_url: 'hooks' }, 'webhook_url')
    expectBad({ ...base('lv-a'), webhook_secret: 5 }, 'webhook_secret')
  })
})

describe('legacy request: unknown fields', () => {
  it.each([
    [{ seed: 42 }, 'Unknown field: seed'],
    [{ seed: 42, negative_prompt: 'rain' }, 'Unknown fields: seed, negative_prompt'],
    // A v2 field name on the legacy endpoint is refused too, not forwarded.
    [{ webhookUrl: 'https://hooks.example.com/x' }, 'Unknown field: webhookUrl']
  ])('%j is refused, naming the field', (extra, message) => {
    const r = ok({ ...base('lv-a'), ...extra })
    expect(r.success).toBe(false)
    expect(r.error!.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', path: [], message })])
    const details = detailsFromZodError(r.error!)
    for (const key of Object.keys(extra)) expect(details.$?.some((m) => m.includes(key)), JSON.stringify(details)).toBe(true)
  })
  it('every field of the spec is still known', () => {
    expectOk({
      prompt: 'a cat surfing a wave', model: 'lv-b', first_frame_url: IMG, last_frame_url: IMG, aspect_ratio: 'adaptive', resolution: '480p',
      duration: 4, generate_audio: true, webhook_url: 'https://hooks.example.com/legacy', webhook_secret: 's3cret'
    })
    expectOk({ ...base('lv-a'), image_url: IMG })
  })
})

describe('legacy costs (credits), doubled with audio', () => {
  const cells: [LegacyModel, '480p' | '720p' | '1080p', 4 | 8 | 12, number | null][] = []
  for (const [model, row] of Object.entries(LEGACY_PRICES) as [LegacyModel, (typeof LEGACY_PRICES)[LegacyModel]][]) {
    for (const res of ['480p', '720p', '1080p'] as const) {
      ;([4, 8, 12] as const).forEach((d, i) => cells.push([model, res, d, row[res]?.[i] ?? null]))
    }
  }
  it('has 27 cells', () => expect(cells).toHaveLength(27))
  it.each(cells)('%s %s %is costs %j, doubled with audio', (model, resolution, duration, credits) => {
    expect(legacyCost({ model, resolution, duration, generate_audio: false })).toBe(credits)
    expect(legacyCost({ model, resolution, duration, generate_audio: true })).toBe(credits === null ? null : credits * 2)
  })
  it('prices a parsed request with its defaults (720p, 8 s, no audio)', () => {
    expect(legacyCost(expectOk(base('lv-a')))).toBe(16)
    expect(legacyCost(expectOk(base('lv-b')))).toBe(120)
    expect(legacyCost(expectOk({ ...base('lv-c'), generate_audio: 'true', resolution: '480p', duration: 12 }))).toBe(144)
  })
})

describe('legacy responses', () => {
  it('submit answers {task_id}', () => {
    expect(legacySubmitResponseSchema.safeParse({ task_id: '0b8f6c1e-6f7e-4c47-9a8e-2d1b3c4d5e6f' }).success).toBe(true)
    expect(legacySubmitResponseSchema.safeParse({}).success).toBe(false)
  })
  it('a finished task has video_url and percentage 100; a processing one a progress value', () => {
    const id = '0b8f6c1e-6f7e-4c47-9a8e-2d1b3c4d5e6f'
    expect(legacyTaskResultSchema.safeParse({ task_id: id, task_type: 'lv-video', video_url: 'https://cdn.example.com/v.mp4', status: 'finished', percentage: 100 }).success).toBe(true)
    expect(legacyTaskResultSchema.safeParse({ task_id: id, task_type: 'lv-video', status: 'processing', percentage: 40 }).success).toBe(true)
    for (const missing of ['task_id', 'task_type', 'status', 'percentage']) {
      const r: Record<string, unknown> = { task_id: id, task_type: 'lv-video', status: 'processing', percentage: 40 }
      delete r[missing]
      expect(legacyTaskResultSchema.safeParse(r).success, missing).toBe(false)
    }
    expect(legacyTaskResultSchema.safeParse({ task_id: id, task_type: 'lv-video', status: 'queued', percentage: 0 }).success).toBe(false)
  })
  it('a bad request answers {errors: [{msg}]}', () => {
    expect(legacyErrorSchema.safeParse({ errors: [{ msg: 'prompt too short' }] }).success).toBe(true)
    expect(legacyErrorSchema.safeParse({ errors: [{}] }).success).toBe(false)
    expect(legacyErrorSchema.safeParse({}).success).toBe(false)
  })
})
