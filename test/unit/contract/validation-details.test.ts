// The words of ValidationError `details`: "Required" for a value that is not there, and
// "Expected …" naming the JSON type for a value of the wrong type, at the field's path.
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { bool, detailsFromZodError, int, parseGenerationRequest, type ValidationDetails } from '../../../src/shared/api'

function details(body: unknown): ValidationDetails {
  const r = parseGenerationRequest(body)
  if (r.ok) throw new Error('expected a rejection')
  return r.details
}

describe('detailsFromZodError: missing versus wrong type', () => {
  it('tells a missing prompt from a prompt of the wrong type', () => {
    expect(details({ model: 'i3-4' }).prompt).toEqual(['Required'])
    expect(details({ model: 'i3-4', prompt: 5 }).prompt).toEqual(['Expected a string'])
    expect(details({ model: 'i3-4', prompt: null }).prompt).toEqual(['Expected a string'])
  })

  it('names the expected type at nested paths, keeping the paths', () => {
    const d = details({
      model: 'i3-4', prompt: 'p',
      i3Params: { steps: 'ten', guidance: 'high', raw: 'yes', input_images: 'x', seed: 1.5, width: 300.5 }
    })
    expect(d).toEqual({
      'i3Params.steps': ['Expected a whole number'],
      'i3Params.guidance': ['Expected a number'],
      'i3Params.raw': ['Expected true or false'],
      'i3Params.input_images': ['Expected a list'],
      'i3Params.seed': ['Expected a whole number'],
      'i3Params.width': ['Expected a whole number']
    })
    expect(details({ model: 'i3-4', prompt: 'p', i3Params: 7 })).toEqual({ i3Params: ['Expected an object'] })
    expect(details({ model: 'i3-4', prompt: 'p', i3Params: { input_images: ['https://a.example/x.png', 3] } }))
      .toEqual({ 'i3Params.input_images.1': ['Expected a string'] })
  })

  it('keeps the messages of range checks', () => {
    expect(details({ model: 'i3-4', prompt: 'p', i3Params: { steps: 51 } })).toEqual({ 'i3Params.steps': ['Must be at most 50'] })
  })

  it('says Required for a missing nested value, and for a missing enum or literal', () => {
    const schema = z.strictObject({ a: z.strictObject({ n: z.number(), s: z.string(), e: z.enum(['x', 'y']), l: z.literal('k') }) })
    const input = { a: {} }
    const err = schema.safeParse(input).error!
    expect(detailsFromZodError(err, input)).toEqual({ 'a.n': ['Required'], 'a.s': ['Required'], 'a.e': ['Required'], 'a.l': ['Required'] })
    const wrong = { a: { n: 'one', s: false, e: 'z', l: 'm' } }
    const d = detailsFromZodError(schema.safeParse(wrong).error!, wrong)
    expect(d['a.n']).toEqual(['Expected a number'])
    expect(d['a.s']).toEqual(['Expected a string'])
    expect(d['a.e']?.[0]).not.toBe('Required')
    expect(d['a.l']?.[0]).not.toBe('Required')
  })

  it('without the input, never calls a wrong-typed value missing', () => {
    const schema = z.object({ s: z.string(), list: z.array(z.string()), o: z.object({}) })
    const err = schema.safeParse({ s: 5, list: 'x', o: [] }).error!
    expect(detailsFromZodError(err)).toEqual({ s: ['Expected a string'], list: ['Expected a list'], o: ['Expected an object'] })
  })

  it('without the input, uses what the schema saw (typeError) or what zod reported (reportInput)', () => {
    const schema = z.object({ n: int(), b: bool(), s: z.string() })
    const missing = schema.safeParse({}).error!
    expect(detailsFromZodError(missing)).toEqual({ n: ['Required'], b: ['Required'], s: ['Expected a string'] })
    const reported = schema.safeParse({ n: 'ten' }, { reportInput: true }).error!
    expect(detailsFromZodError(reported)).toEqual({ n: ['Expected a whole number'], b: ['Required'], s: ['Required'] })
  })

  it('reads integer failures however zod words them', () => {
    const schema = z.object({ a: z.number().int(), b: z.int(), c: z.int32() })
    const input = { a: 1.5, b: 2.5, c: 3.5 }
    expect(detailsFromZodError(schema.safeParse(input).error!, input)).toEqual({
      a: ['Expected a whole number'], b: ['Expected a whole number'], c: ['Expected a whole number']
    })
  })
})
