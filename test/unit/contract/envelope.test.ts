// The generation request envelope: the model registry of the profile, the one-block rule,
// unknown properties, prompt lengths (by code point), the webhook fields and the shape of
// `details`.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  detailsFromZodError, familyOf, getModel, listModels, parseGenerationRequest, pathKey, summarizeDetails, type JobKind
} from '../../../src/shared/api'
import { ASTRAL, LORA_ID, URL_A, expectAccepted, expectRejectedAt, parse } from './spec-rules'

type Modality = 'image' | 'video' | 'music'
interface Expected { family: string; block: string; modality: Modality; kind: JobKind; prompt: number | null; minimal?: Record<string, unknown> }

const ids = (family: string, n: number) => Array.from({ length: n }, (_, i) => `${family}-${i + 1}`)
const image = (family: string, prompt = 2000): Omit<Expected, 'family'> & { family: string } =>
  ({ family, block: `${family}Params`, modality: 'image', kind: 'image', prompt })
const video = (family: string): Expected => ({ family, block: `${family}Params`, modality: 'video', kind: 'video', prompt: 4000 })

/** Every model id of the profile, with what the spec and profile say about it. */
const PROFILE_MODELS: Record<string, Expected> = {}
const add = (modelIds: string[], e: Expected) => { for (const id of modelIds) PROFILE_MODELS[id] = e }
add(['i1-1'], image('i1'))
add(ids('i2', 3), image('i2'))
add(ids('i3', 6), image('i3'))
add(ids('i4', 5), image('i4'))
add(ids('i5', 7), image('i5'))
add(['i5-character'], { ...image('i5'), minimal: { i5Params: { character_reference_image: URL_A } } })
add(ids('i6', 5), image('i6'))
add(ids('i7', 2), image('i7'))
add(['i8-1'], image('i8'))
add(['i9-1'], image('i9'))
add(['i10-1'], image('i10'))
add(['i11-1'], image('i11'))
add(ids('i12', 2), image('i12'))
add(['i13-1'], image('i13'))
add(ids('i14', 2), image('i14', 5000))
add(['i15-1'], image('i15'))
add(['i16-1'], image('i16'))
add(['i17-1'], { ...image('i17'), minimal: { i17Params: { loraId: LORA_ID } } })
add(['u1-1'], { family: 'u1', block: 'u1Params', modality: 'image', kind: 'upscale', prompt: null, minimal: { u1Params: { image: URL_A } } })
add(['u2-1'], { family: 'u2', block: 'u2Params', modality: 'image', kind: 'upscale', prompt: null, minimal: { u2Params: { image: URL_A } } })
add(['e1-1'], { family: 'e1', block: 'e1Params', modality: 'image', kind: 'edit', prompt: 2000, minimal: { e1Params: { image: URL_A, mode: 'inpaint' } } })
add(['b1-1'], { family: 'b1', block: 'b1Params', modality: 'image', kind: 'background', prompt: null, minimal: { b1Params: { image: URL_A } } })
add(['b2-1'], { family: 'b2', block: 'b2Params', modality: 'image', kind: 'background', prompt: null, minimal: { b2Params: { image: URL_A } } })
for (const f of ['v1', 'v2', 'v3', 'v4', 'v5', 'v8']) add([`${f}-1`], video(f))
add(ids('v6', 2), video('v6'))
add(ids('v7', 3), video('v7'))
add(ids('m1', 2), { family: 'm1', block: 'm1Params', modality: 'music', kind: 'music', prompt: 2000 })

const ALL_IDS = Object.keys(PROFILE_MODELS)
const BLOCK_REQUIRED = new Set(['i5-character', 'i17-1', 'u1-1', 'u2-1', 'e1-1', 'b1-1', 'b2-1'])

/** A valid request for a model: its prompt (if any) and its required block (if any). */
function minimal(id: string, prompt = 'a quiet harbour'): Record<string, unknown> {
  const e = PROFILE_MODELS[id]!
  return { model: id, ...(e.prompt !== null ? { prompt } : {}), ...(e.minimal ?? {}) }
}

describe('model registry (profile: Models, families and parameter blocks)', () => {
  it('holds exactly the 60 model ids of the profile', () => {
    expect(ALL_IDS).toHaveLength(60)
    expect(listModels().map((m) => m.id).sort()).toEqual([...ALL_IDS].sort())
  })
  it.each(ALL_IDS)('%s has its family, block name, modality and route', (id) => {
    const e = PROFILE_MODELS[id]!
    const m = getModel(id)
    expect(m).toBeDefined()
    expect({ family: m!.family, block: m!.blockName, modality: m!.modality, kind: m!.kind }).toEqual({ family: e.family, block: e.block, modality: e.modality, kind: e.kind })
  })
  it.each(ALL_IDS)('%s accepts its minimal request', (id) => expectAccepted(minimal(id)))
  it.each(ALL_IDS)('%s: block required exactly where the spec says', (id) => {
    const e = PROFILE_MODELS[id]!
    const withoutBlock = { ...minimal(id) }
    delete withoutBlock[e.block]
    if (BLOCK_REQUIRED.has(id)) expectRejectedAt(withoutBlock, e.block)
    else expectAccepted(withoutBlock)
  })
  it('familyOf reads the registry, else a <family>- prefix', () => {
    expect(familyOf('i5-character')).toBe('i5')
    expect(familyOf('i17-1')).toBe('i17')
    expect(familyOf('x9-beta')).toBe('x9')
    expect(familyOf('mystery')).toBeUndefined()
  })
  it('unknown, missing and non-string model ids are reported at model', () => {
    expectRejectedAt({ model: 'i99-1', prompt: 'x' }, 'model')
    expectRejectedAt({ model: 'I1-1', prompt: 'x' }, 'model')
    expectRejectedAt({ prompt: 'x' }, 'model')
    expectRejectedAt({ model: 7, prompt: 'x' }, 'model')
  })
  it.each([['null', null], ['an array', []], ['a string', 'i1-1'], ['a number', 3]])('a body that is %s is reported at $', (_l, b) => {
    expectRejectedAt(b, '$')
  })
})

describe('routes take only their own kinds of model', () => {
  const kinds: JobKind[] = ['image', 'upscale', 'edit', 'background', 'video', 'music']
  it.each(ALL_IDS)('%s', (id) => {
    const e = PROFILE_MODELS[id]!
    for (const k of kinds) {
      const r = parse(minimal(id), [k])
      if (k === e.kind) expect(r.ok).toBe(true)
      else expect(r.ok ? [] : Object.keys(r.details)).toEqual(['model'])
    }
  })
})

describe('unknown properties', () => {
  it.each(ALL_IDS)('%s: an unknown top-level property is reported at $', (id) => {
    expectRejectedAt({ ...minimal(id), extra: true }, '$')
    expectRejectedAt({ ...minimal(id), Prompt: 'x' }, '$')
  })
  it.each(ALL_IDS)('%s: the block of another family is reported at $', (id) => {
    const own = PROFILE_MODELS[id]!.block
    for (const other of ['i1Params', 'i3Params', 'v1Params', 'u1Params', 'm1Params', 'params']) {
      if (other !== own) expectRejectedAt({ ...minimal(id), [other]: {} }, '$')
    }
  })
  it.each(ALL_IDS)('%s: an unknown property inside its block is reported at its path', (id) => {
    const e = PROFILE_MODELS[id]!
    const block = { ...((e.minimal?.[e.block] as Record<string, unknown>) ?? {}), colour: 'red' }
    expectRejectedAt({ ...minimal(id), [e.block]: block }, `${e.block}.colour`)
  })
  it('reports a top-level and an in-block unknown property together', () => {
    expectRejectedAt({ model: 'i6-1', prompt: 'x', i6Params: { zoom: 2 }, extra: 1 }, '$', 'i6Params.zoom')
  })
})

describe('prompt length, counted by code point', () => {
  const withPrompt = ALL_IDS.filter((id) => PROFILE_MODELS[id]!.prompt !== null)
  it.each(withPrompt.map((id) => [id, PROFILE_MODELS[id]!.prompt!] as const))('%s: 1..%i', (id, max) => {
    expectAccepted(minimal(id, 'x'))
    expectAccepted(minimal(id, 'x'.repeat(max)))
    expectAccepted(minimal(id, ASTRAL.repeat(max)))
    expectAccepted(minimal(id, 'e\u0301'.repeat(max / 2)))
    expectRejectedAt(minimal(id, ''), 'prompt')
    expectRejectedAt(minimal(id, 'x'.repeat(max + 1)), 'prompt')
    expectRejectedAt(minimal(id, ASTRAL.repeat(max + 1)), 'prompt')
    expectRejectedAt({ ...minimal(id), prompt: 42 }, 'prompt')
    expectRejectedAt({ ...minimal(id), prompt: null }, 'prompt')
    const missing = minimal(id)
    delete missing.prompt
    expectRejectedAt(missing, 'prompt')
  })
  it('the limits by class: images 2000, I14 5000, video 4000, edit 2000, music 2000', () => {
    const limits = Object.fromEntries(withPrompt.map((id) => [id, PROFILE_MODELS[id]!.prompt]))
    expect(limits['i1-1']).toBe(2000)
    expect(limits['i14-1']).toBe(5000)
    expect(limits['i14-2']).toBe(5000)
    expect(limits['v7-2']).toBe(4000)
    expect(limits['e1-1']).toBe(2000)
    expect(limits['m1-2']).toBe(2000)
    expectAccepted({ model: 'i14-1', prompt: 'x'.repeat(5000) })
    expectRejectedAt({ model: 'i13-1', prompt: 'x'.repeat(2001) }, 'prompt')
    expectAccepted({ model: 'v2-1', prompt: 'x'.repeat(4000) })
  })
})

describe('webhookUrl and webhookEvents', () => {
  const base = { model: 'i6-2', prompt: 'a red kite' }
  const sized = (n: number) => {
    const head = 'https://hooks.example.com/'
    return head + 'a'.repeat(n - head.length)
  }
  it.each(['https://hooks.example.com/mediagen', 'http://hooks.example.com:8080/cb?token=1', 'HTTPS://HOOKS.EXAMPLE.COM/x'])('accepts %s', (url) => {
    expectAccepted({ ...base, webhookUrl: url })
  })
  it.each(['ftp://hooks.example.com/x', 'ws://hooks.example.com/x', 'mailto:ops@example.com', 'hooks.example.com/cb', '/cb', '', 'not a url', 5])('rejects %s at webhookUrl', (url) => {
    expectRejectedAt({ ...base, webhookUrl: url }, 'webhookUrl')
  })
  it('is at most 2048 characters', () => {
    expect(sized(2048)).toHaveLength(2048)
    expectAccepted({ ...base, webhookUrl: sized(2048) })
    expectRejectedAt({ ...base, webhookUrl: sized(2049) }, 'webhookUrl')
  })
  it.each([[['progress']], [['completed']], [['failed']], [['progress', 'completed', 'failed']], [['completed', 'failed']]])('accepts events %j', (events) => {
    expectAccepted({ ...base, webhookUrl: 'https://hooks.example.com/x', webhookEvents: events })
  })
  it('needs at least one event', () => {
    expectRejectedAt({ ...base, webhookEvents: [] }, 'webhookEvents')
  })
  it('rejects an event outside the enum at its index', () => {
    expectRejectedAt({ ...base, webhookEvents: ['completed', 'done'] }, 'webhookEvents.1')
    expectRejectedAt({ ...base, webhookEvents: ['COMPLETED'] }, 'webhookEvents.0')
    expectRejectedAt({ ...base, webhookEvents: ['queued'] }, 'webhookEvents.0')
  })
  it('rejects events that are not a list', () => {
    expectRejectedAt({ ...base, webhookEvents: 'completed' }, 'webhookEvents')
    expectRejectedAt({ ...base, webhookEvents: null }, 'webhookEvents')
  })
  it.each(ALL_IDS)('%s takes the webhook fields', (id) => {
    expectAccepted({ ...minimal(id), webhookUrl: 'https://hooks.example.com/x', webhookEvents: ['progress'] })
  })
})

describe('ValidationError details', () => {
  it('joins paths with dots, array indexes as numbers, and uses $ for the whole body', () => {
    expect(pathKey([])).toBe('$')
    expect(pathKey(['prompt'])).toBe('prompt')
    expect(pathKey(['i2Params', 'image_input', 3])).toBe('i2Params.image_input.3')
  })
  it('maps every path to a list of messages', () => {
    const r = parseGenerationRequest({ model: 'i3-4', prompt: '', i3Params: { steps: 51, width: 100, input_images: ['x'] }, extra: 1 })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(Object.keys(r.details).sort()).toEqual(['$', 'i3Params.input_images.0', 'i3Params.steps', 'i3Params.width', 'prompt'])
    for (const messages of Object.values(r.details)) {
      expect(Array.isArray(messages)).toBe(true)
      for (const m of messages) expect(typeof m).toBe('string')
    }
    expect(r.details['$']!.join(' ')).toContain('extra')
  })
  it('detailsFromZodError reports unknown keys at $ or at their own path', () => {
    const schema = z.strictObject({ a: z.strictObject({ b: z.number() }).optional() })
    const err = schema.safeParse({ x: 1, a: { b: 1, c: 2 } }).error!
    const d = detailsFromZodError(err)
    expect(Object.keys(d).sort()).toEqual(['$', 'a.c'])
  })
  it('summarizeDetails gives one readable line', () => {
    expect(summarizeDetails({ $: ["Unknown property 'x'"], 'i3Params.steps': ['Must be at most 50'] })).toBe("request: Unknown property 'x'; i3Params.steps: Must be at most 50")
  })
  it('a valid request comes back unchanged', () => {
    const req = { model: 'i8-1', prompt: 'p', webhookUrl: 'https://h.example.com/', webhookEvents: ['completed'], i8Params: { number_of_images: 3, input_images: null } }
    const r = parseGenerationRequest(req)
    expect(r.ok && r.request).toEqual(req)
  })
})
