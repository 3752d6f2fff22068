// Upscale (U1, U2), edit (E1) and background removal (B1, B2): each block is required and
// names its input image; only the edit envelope carries a prompt.
import { describe, it } from 'vitest'
import { bool, describeFamily, expectAccepted, expectRejectedAt, int, intOneOf, num, oneOf, str, uri, URL_A, type FamilyTable } from './spec-rules'

const OUTPAINT = ['Zoom out 1.5x', 'Zoom out 2x', 'Make square', 'Left outpaint', 'Right outpaint', 'Top outpaint', 'Bottom outpaint']

const TABLES: FamilyTable[] = [
  {
    title: 'U1 upscale',
    block: 'u1Params',
    models: ['u1-1'],
    blockRequired: true,
    base: { image: URL_A },
    fields: {
      image: uri,
      model_type: oneOf(['standard-v2', 'low-res-v2', 'cgi', 'high-fidelity-v2', 'text-refine', 'redefine'], ['standard', 'redefine-v2']),
      upscale_factor: intOneOf(1, 2, 4, 6),
      face_enhance: bool,
      face_enhance_strength: num(0, 1),
      face_enhance_creativity: num(0, 1),
      output_format: oneOf(['jpg', 'png'], ['webp']),
      seed: int()
    },
    foreign: ['scale_factor', 'prompt']
  },
  {
    title: 'U2 upscale',
    block: 'u2Params',
    models: ['u2-1'],
    blockRequired: true,
    base: { image: URL_A },
    fields: {
      image: uri,
      prompt: str(2000),
      negative_prompt: str(2000),
      scale_factor: intOneOf(1, 2, 4, 8),
      creativity: num(0, 1),
      resemblance: num(0, 3),
      dynamic: num(1, 50),
      num_inference_steps: int(1, 100),
      seed: int(),
      output_format: oneOf(['png', 'jpg', 'webp'], ['jpeg']),
      sharpen: num(0, 10)
    },
    foreign: ['upscale_factor', 'face_enhance']
  },
  {
    title: 'E1 edit',
    block: 'e1Params',
    models: ['e1-1'],
    prompt: 'replace the sky with a storm',
    blockRequired: true,
    base: { image: URL_A, mode: 'inpaint' },
    fields: {
      image: uri,
      mode: oneOf(['inpaint', 'outpaint'], ['erase']),
      mask: uri,
      outpaint: oneOf(OUTPAINT, ['Zoom out 3x', 'zoom out 2x']),
      steps: int(1, 50),
      guidance: num(2, 5),
      safety_tolerance: int(1, 6),
      output_format: oneOf(['jpg', 'png'], ['webp']),
      seed: int(),
      prompt_upsampling: bool
    },
    foreign: ['prompt', 'negative_prompt']
  },
  {
    title: 'B1 background removal',
    block: 'b1Params',
    models: ['b1-1'],
    blockRequired: true,
    base: { image: URL_A },
    fields: { image: uri, content_moderation: bool },
    foreign: ['format']
  },
  {
    title: 'B2 background removal',
    block: 'b2Params',
    models: ['b2-1'],
    blockRequired: true,
    base: { image: URL_A },
    fields: {
      image: uri,
      format: oneOf(['png', 'jpg'], ['webp', 'jpeg']),
      threshold: num(0, 1),
      reverse: bool,
      background_type: oneOf(['rgba', 'map', 'green', 'white', 'blur', 'overlay'], ['black', 'transparent']),
    },
    foreign: ['content_moderation', 'output_format']
  }
]

for (const t of TABLES) describeFamily(t)

describe('envelopes without a prompt (U1, U2, B1, B2)', () => {
  const cases: [string, string][] = [['u1-1', 'u1Params'], ['u2-1', 'u2Params'], ['b1-1', 'b1Params'], ['b2-1', 'b2Params']]
  it.each(cases)('%s: a top-level prompt is an unknown property reported at $', (model, block) => {
    expectRejectedAt({ model, prompt: 'sharper', [block]: { image: URL_A } }, '$')
    expectRejectedAt({ model, prompt: '', [block]: { image: URL_A } }, '$')
  })
  it.each(cases)('%s: the block without image is rejected at <block>.image', (model, block) => {
    expectRejectedAt({ model, [block]: {} }, `${block}.image`)
  })
  it('U2 takes its prompt inside the block instead (max 2000, optional)', () => {
    expectAccepted({ model: 'u2-1', u2Params: { image: URL_A, prompt: 'crisp details' } })
    expectAccepted({ model: 'u2-1', u2Params: { image: URL_A } })
  })
})

describe('E1 edit envelope', () => {
  const block = { image: URL_A, mode: 'outpaint', outpaint: 'Make square' }
  it('requires a prompt of 1..2000 characters', () => {
    expectRejectedAt({ model: 'e1-1', e1Params: block }, 'prompt')
    expectRejectedAt({ model: 'e1-1', prompt: '', e1Params: block }, 'prompt')
    expectRejectedAt({ model: 'e1-1', prompt: 'x'.repeat(2001), e1Params: block }, 'prompt')
    expectAccepted({ model: 'e1-1', prompt: 'x', e1Params: block })
    expectAccepted({ model: 'e1-1', prompt: 'x'.repeat(2000), e1Params: block })
  })
  it('requires mode and image', () => {
    expectRejectedAt({ model: 'e1-1', prompt: 'x', e1Params: { image: URL_A } }, 'e1Params.mode')
    expectRejectedAt({ model: 'e1-1', prompt: 'x', e1Params: { mode: 'inpaint' } }, 'e1Params.image')
    expectRejectedAt({ model: 'e1-1', prompt: 'x', e1Params: {} }, 'e1Params.image', 'e1Params.mode')
  })
  it('inpaint with a mask is accepted', () => {
    expectAccepted({ model: 'e1-1', prompt: 'remove the car', e1Params: { image: URL_A, mode: 'inpaint', mask: URL_A } })
  })
})
