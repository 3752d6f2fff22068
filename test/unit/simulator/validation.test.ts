// The demo service's 400 ValidationError says what is wrong with each field: "Required"
// when it is missing, "Expected …" when it has the wrong type.
import { describe, expect, it } from 'vitest'
import { call, route, startTestSim } from './helpers'

type Invalid = { error: string; details: Record<string, string[]> }

describe('demo service: validation messages', () => {
  it('answers 400 naming missing and wrong-typed fields at their paths', async () => {
    const sim = await startTestSim({ holdJobs: true })
    const post = (body: unknown) => call<Invalid>(sim, 'POST', route('generateImage'), body)

    const missing = await post({ model: 'i3-4', i3Params: { steps: 'ten' } })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({
      error: 'Validation failed',
      details: { prompt: ['Required'], 'i3Params.steps': ['Expected a whole number'] }
    })

    const wrong = await post({ model: 'i3-4', prompt: 5, i3Params: { guidance: '2', raw: 1, input_images: {} } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.details).toEqual({
      prompt: ['Expected a string'],
      'i3Params.guidance': ['Expected a number'],
      'i3Params.raw': ['Expected true or false'],
      'i3Params.input_images': ['Expected a list']
    })

    const model = await post({ prompt: 'p' })
    expect(model.body.details).toEqual({ model: ['Required'] })
    expect((await post({ model: 3, prompt: 'p' })).body.details).toEqual({ model: ['Expected a string'] })
  })

  it('speaks the same words on the other routes', async () => {
    const sim = await startTestSim()
    const asset = await call<Invalid>(sim, 'POST', route('createAsset'), { url: 42 })
    expect(asset.status).toBe(400)
    expect(asset.body.details.url).toEqual(['Expected a string'])
    expect(asset.body.details.type).toEqual(['Required'])
  })
})
