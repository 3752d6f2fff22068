// What each action on a result sends and costs, worked out before anything is sent: a
// variation on the result's own model where it takes an image and a strength, else on the
// family that keeps most of its settings (named); the outpaints' canvases; the prices,
// by the same pricing the engine holds a send to.
import { describe, expect, it } from 'vitest'
import { parseGenerationRequest } from '../../../../src/shared/api'
import { planAction, planCredits, planRequest, type ActionSource } from '../../../../src/renderer/components/actions/result-plans'
import { defaultAnimateModel, durationsOf } from '../../../../src/renderer/components/actions/animate-options'
import { getModel } from '../../../../src/shared/api'

const source = (over: Partial<ActionSource> = {}): ActionSource => ({ model: 'i1-1', prompt: 'a red fox', params: {}, width: 1024, height: 768, ...over })
const IMG = 'https://cdn.example/u/1.png'

describe('Vary subtle and strong', () => {
  it('stays on the result’s own model when it takes an image and a strength, with a new seed and the settings kept', () => {
    const from = source({ model: 'i3-4', params: { aspect_ratio: '3:2', seed: 42, steps: 30 } })
    const subtle = planAction('vary-subtle', from)!
    const strong = planAction('vary-strong', from)!
    expect(subtle.model.id).toBe('i3-4')
    expect(subtle.switchedFrom).toBeNull()
    const body = planRequest(subtle, IMG, 'a red fox')
    expect(body).toEqual({ model: 'i3-4', prompt: 'a red fox', i3Params: { aspect_ratio: '3:2', steps: 30, image_prompt: IMG, image_prompt_strength: 0.7 } })
    // Strong keeps less of the picture: I3's strength is how much of the image stays.
    expect(planRequest(strong, IMG, 'x').i3Params).toMatchObject({ image_prompt_strength: 0.35 })
    expect(parseGenerationRequest(body).ok).toBe(true)
  })

  it('reads I11’s strength the other way round (how much changes) and asks it for image-to-image', () => {
    const from = source({ model: 'i11-1', params: { num_images: 2 } })
    expect(planRequest(planAction('vary-subtle', from)!, IMG, 'p').i11Params).toEqual({ num_images: 2, task_type: 'image-to-image', image_url: IMG, strength: 0.3 })
    expect(planRequest(planAction('vary-strong', from)!, IMG, 'p').i11Params).toMatchObject({ strength: 0.65 })
  })

  it('on a model without an image strength, goes to the family that keeps most of its settings, and names the switch', () => {
    const fromI6 = planAction('vary-strong', source({ model: 'i6-1', params: { aspect_ratio: '16:9', output_format: 'png' } }))!
    expect(fromI6.model.family).toBe('i3')
    expect(fromI6.switchedFrom).toBe('i6-1')
    expect(fromI6.params).toMatchObject({ aspect_ratio: '16:9', output_format: 'png' })
    // A negative prompt only I10 and I11 take; I11 takes the seed too, I10 its aspect ratio.
    const fromI12 = planAction('vary-subtle', source({ model: 'i12-1', params: { negative_prompt: 'blur', seed: 5 } }))!
    expect(fromI12.model.id).toBe('i11-1')
    expect(fromI12.dropped).toEqual([])
  })

  it('prices the variation as the engine would: per output on I10, flat on I3', () => {
    const i10 = planAction('vary-subtle', source({ model: 'i10-1', params: { n: 3 } }))!
    expect(planCredits(i10, source(), 'p')).toBe(12)
    expect(planCredits(planAction('vary-strong', source({ model: 'i3-1' }))!, source(), 'p')).toBe(8)
    // No prompt, no valid request: no price, so nothing to send.
    expect(planCredits(i10, source(), '')).toBeNull()
  })
})

describe('zoom out, make square and pan: the edit model’s outpaint', () => {
  it.each([
    ['zoom-1.5', 'Zoom out 1.5x', { width: 1536, height: 1152, left: 256, top: 192 }],
    ['zoom-2', 'Zoom out 2x', { width: 2048, height: 1536, left: 512, top: 384 }],
    ['square', 'Make square', { width: 1024, height: 1024, left: 0, top: 128 }],
    ['pan-left', 'Left outpaint', { width: 1536, height: 768, left: 512, top: 0 }],
    ['pan-right', 'Right outpaint', { width: 1536, height: 768, left: 0, top: 0 }],
    ['pan-up', 'Top outpaint', { width: 1024, height: 1152, left: 0, top: 384 }],
    ['pan-down', 'Bottom outpaint', { width: 1024, height: 1152, left: 0, top: 0 }]
  ] as const)('%s sends outpaint “%s” and grows the canvas so', (action, mode, canvas) => {
    const plan = planAction(action, source())!
    expect(plan.canvas).toEqual(canvas)
    const body = planRequest(plan, IMG, 'a red fox')
    expect(body).toEqual({ model: 'e1-1', prompt: 'a red fox', e1Params: { mode: 'outpaint', outpaint: mode, image: IMG } })
    expect(planCredits(plan, source(), 'a red fox')).toBe(10)
  })
})

describe('Vary region, upscale, background removal and animate', () => {
  it('Vary region is an inpaint with the painted mask', () => {
    const plan = planAction('vary-region', source())!
    expect(planRequest(plan, IMG, 'a blue hat', 'https://cdn.example/u/mask.png')).toEqual({
      model: 'e1-1', prompt: 'a blue hat', e1Params: { mode: 'inpaint', image: IMG, mask: 'https://cdn.example/u/mask.png' }
    })
  })

  it('upscales on U1, priced by the result’s size at the factor asked', () => {
    const x2 = planAction('upscale-2', source())!
    const x4 = planAction('upscale-4', source())!
    expect(planRequest(x4, IMG, '')).toEqual({ model: 'u1-1', u1Params: { upscale_factor: 4, image: IMG } })
    // 1024×768 is 0.75 MP: ×2 makes 3 MP, ×4 makes 12 MP, at 2 credits each.
    expect(planCredits(x2, source(), '')).toBe(6)
    expect(planCredits(x4, source(), '')).toBe(24)
    expect(planCredits(planAction('remove-background', source())!, source(), '')).toBe(2)
  })

  it('animates the result as the start image, priced by the duration chosen', () => {
    const plan = planAction('animate', source(), { model: 'v5-1', duration: 8 })!
    expect(planRequest(plan, IMG, 'the fox runs')).toEqual({ model: 'v5-1', prompt: 'the fox runs', v5Params: { duration: 8, start_image: IMG } })
    expect(planCredits(plan, source(), 'the fox runs')).toBe(160)
    expect(durationsOf(getModel('v6-1')!)).toEqual([4, 8, 10, 12, 15])
    expect(durationsOf(getModel('v5-1')!)).toHaveLength(13)
    // The video model last used when it takes an image, else the cheapest per second.
    expect(defaultAnimateModel('v4-1')?.id).toBe('v4-1')
    expect(defaultAnimateModel(undefined)?.id).toBe('v3-1')
  })
})
