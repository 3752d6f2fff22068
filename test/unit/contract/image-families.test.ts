// Image generation families I1..I17 (spec: "Image generation families"), written out as
// tables of field -> rule straight from the spec, run against the envelope parser.
import { describe, it } from 'vitest'
import { I10_MODEL_NAMES } from '../../../src/shared/api/families/images'
import {
  bool, describeFamily, expectAccepted, expectRejectedAt, int, num, oneOf, ratioPattern, str, uri, uris, uuid,
  LORA_ID, URL_A, type FamilyTable, type FieldRule
} from './spec-rules'

const PROMPT = 'a lighthouse on a cliff at dusk'
const range = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`)

const I3_FIELDS: Record<string, FieldRule> = {
  aspect_ratio: ratioPattern,
  output_format: oneOf(['jpg', 'png', 'webp'], ['jpeg']),
  output_quality: int(0, 100),
  seed: int(),
  width: int(256, 2048),
  height: int(256, 2048),
  image_prompt: uri,
  image_prompt_strength: num(0, 1),
  raw: bool,
  input_images: uris(10),
  steps: int(1, 50),
  guidance: num(1.5, 10),
  go_fast: bool,
  prompt_upsampling: bool
}
const I3_RESOLUTIONS = ['0.5MP', '1MP', '2MP', '4MP', 'match_input_image']

const I5_FIELDS: Record<string, FieldRule> = {
  aspect_ratio: str(),
  resolution: str(),
  seed: int(),
  style_type: str(),
  magic_prompt_option: oneOf(['Auto', 'On', 'Off'], ['auto', 'on']),
  negative_prompt: str(),
  image: uri,
  mask: uri,
  style_preset: str(),
  style_reference_images: uris(3),
  rendering_speed: oneOf(['default', 'turbo', 'quality'], ['fast']),
  character_reference_image: uri
}

const I13_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9']

const TABLES: FamilyTable[] = [
  {
    title: 'I1',
    block: 'i1Params',
    models: ['i1-1'],
    fields: { aspect_ratio: ratioPattern },
    foreign: ['output_format', 'seed']
  },
  {
    title: 'I2',
    block: 'i2Params',
    models: range('i2', 3),
    fields: {
      aspect_ratio: str(),
      output_format: oneOf(['jpg', 'png', 'webp'], ['jpeg', 'gif']),
      image_input: uris(14),
      resolution: oneOf(['512px', '1K', '2K', '4K'], ['8K', '1k']),
      // The spec describes "two booleans enabling web search and image search" without naming them.
      web_search: bool,
      image_search: bool
    },
    foreign: ['input_images', 'seed']
  },
  {
    title: 'I3 (free-string resolution)',
    block: 'i3Params',
    models: ['i3-1', 'i3-2', 'i3-3'],
    fields: { ...I3_FIELDS, resolution: str() },
    foreign: ['image_input', 'guidance_scale']
  },
  {
    title: 'I3 (enumerated resolution)',
    block: 'i3Params',
    models: ['i3-4', 'i3-5', 'i3-6'],
    fields: { ...I3_FIELDS, resolution: oneOf(I3_RESOLUTIONS, ['1024x1024', '8MP', '1mp']) },
    foreign: ['image_input', 'guidance_scale']
  },
  {
    title: 'I4',
    block: 'i4Params',
    models: range('i4', 5),
    fields: {
      aspect_ratio: str(),
      seed: int(),
      size: str(),
      width: int(512, 4096),
      height: int(512, 4096),
      guidance_scale: num(1, 10),
      resolution: str(),
      use_pre_llm: bool,
      enhance_prompt: bool,
      image_input: uris(14),
      output_format: oneOf(['jpg', 'png'], ['webp', 'jpeg'])
    },
    foreign: ['input_images', 'steps']
  },
  {
    title: 'I5 (plain)',
    block: 'i5Params',
    models: range('i5', 7),
    fields: I5_FIELDS,
    foreign: ['style_reference_image', 'output_format']
  },
  {
    title: 'I5 (character variant)',
    block: 'i5Params',
    models: ['i5-character'],
    blockRequired: true,
    base: { character_reference_image: URL_A },
    fields: I5_FIELDS,
    foreign: ['output_format']
  },
  {
    title: 'I6',
    block: 'i6Params',
    models: range('i6', 5),
    fields: {
      aspect_ratio: oneOf(['1:1', '9:16', '16:9', '3:4', '4:3'], ['21:9', '3:2', '2:3']),
      output_format: oneOf(['jpg', 'png'], ['webp', 'jpeg']),
      image_size: oneOf(['1K', '2K'], ['4K', '512px'])
    },
    foreign: ['seed', 'image']
  },
  {
    title: 'I7',
    block: 'i7Params',
    models: range('i7', 2),
    fields: {
      aspect_ratio: oneOf(['1:1', '3:2', '2:3'], ['16:9', '9:16']),
      style: oneOf(['vivid', 'natural'], ['photographic'])
    },
    foreign: ['quality', 'output_format']
  },
  {
    title: 'I8',
    block: 'i8Params',
    models: ['i8-1'],
    fields: {
      quality: oneOf(['low', 'medium', 'high', 'auto'], ['hd', 'standard']),
      aspect_ratio: oneOf(['1:1', '3:2', '2:3'], ['16:9']),
      output_format: oneOf(['png', 'jpeg', 'webp'], ['jpg']),
      background: oneOf(['auto', 'transparent', 'opaque'], ['white']),
      input_images: uris(undefined, { nullable: true }),
      input_fidelity: oneOf(['low', 'high'], ['medium']),
      number_of_images: int(1, 10)
    },
    foreign: ['moderation', 'n']
  },
  {
    title: 'I9',
    block: 'i9Params',
    models: ['i9-1'],
    fields: {
      quality: oneOf(['low', 'medium', 'high', 'auto'], ['hd']),
      aspect_ratio: oneOf(['1:1', '3:2', '2:3'], ['16:9']),
      output_format: oneOf(['png', 'jpeg', 'webp'], ['jpg']),
      background: oneOf(['auto', 'opaque'], ['transparent']),
      moderation: oneOf(['auto', 'low'], ['high', 'off']),
      input_images: uris(undefined, { nullable: true }),
      number_of_images: int(1, 10)
    },
    foreign: ['input_fidelity', 'n']
  },
  {
    title: 'I10',
    block: 'i10Params',
    models: ['i10-1'],
    fields: {
      // "one of 3 version identifiers"; the spec does not list them.
      model_name: oneOf(I10_MODEL_NAMES, ['v3', 'latest']),
      negative_prompt: str(2500),
      image: uri,
      image_fidelity: num(0, 1),
      n: int(1, 4),
      aspect_ratio: oneOf(['16:9', '9:16', '1:1', '4:3', '3:4', '3:2', '2:3'], ['21:9', '2:1'])
    },
    foreign: ['num_images', 'seed']
  },
  {
    title: 'I11',
    block: 'i11Params',
    models: ['i11-1'],
    fields: {
      task_type: oneOf(['text-to-image', 'image-to-image', 'image-edit'], ['inpaint']),
      image_url: uri,
      image_size: oneOf(['square', 'square_hd', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9'], ['landscape_21_9', '1:1']),
      negative_prompt: str(500),
      output_format: oneOf(['png', 'jpeg'], ['jpg', 'webp']),
      seed: int(),
      num_inference_steps: int(2, 250),
      guidance_scale: num(0, 20),
      acceleration: oneOf(['none', 'regular', 'high'], ['low']),
      strength: num(0, 1),
      num_images: int(1, 4)
    },
    foreign: ['image', 'n']
  },
  {
    title: 'I12',
    block: 'i12Params',
    models: range('i12', 2),
    fields: {
      image: uri,
      aspect_ratio: oneOf(['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9', '2:1', '1:2'], ['9:21', '5:4']),
      negative_prompt: str(500),
      seed: int()
    },
    foreign: ['prompt_extend']
  },
  {
    title: 'I13',
    block: 'i13Params',
    models: ['i13-1'],
    fields: {
      image: uri,
      aspect_ratio: oneOf(I13_RATIOS, ['2:1', '1:2']),
      negative_prompt: str(500),
      seed: int(0, 2147483647),
      prompt_extend: bool
    },
    foreign: ['thinking_mode']
  },
  {
    title: 'I14',
    block: 'i14Params',
    models: range('i14', 2),
    prompt: PROMPT,
    fields: {
      image: uri,
      aspect_ratio: oneOf(I13_RATIOS, ['2:1', '1:2']),
      seed: int(0, 2147483647),
      thinking_mode: bool
    },
    foreign: ['negative_prompt', 'prompt_extend']
  },
  {
    title: 'I15',
    block: 'i15Params',
    models: ['i15-1'],
    fields: {
      image: uri,
      aspect_ratio: oneOf(['1:1', '2:3', '3:2', '16:9', '9:16'], ['4:3', '3:4', '21:9'])
    },
    foreign: ['seed']
  },
  {
    title: 'I16',
    block: 'i16Params',
    models: ['i16-1'],
    fields: {
      aspect_ratio: oneOf(['16:9', '9:16', '3:2', '2:3', '4:3', '3:4', '1:1'], ['21:9']),
      seed: int(),
      version: str()
    },
    foreign: ['image']
  },
  {
    title: 'I17',
    block: 'i17Params',
    models: ['i17-1'],
    blockRequired: true,
    base: { loraId: LORA_ID },
    fields: {
      loraId: uuid,
      num_outputs: int(1, 4),
      aspect_ratio: oneOf(['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'], ['21:9']),
      output_format: oneOf(['png', 'jpg', 'webp'], ['jpeg']),
      lora_strength: num(0, 1.5),
      guidance_scale: num(1, 10),
      num_inference_steps: int(4, 50),
      seed: int()
    },
    foreign: ['lora_id', 'image']
  }
]

for (const t of TABLES) describeFamily({ prompt: PROMPT, ...t })

describe('I3 members differ only in resolution', () => {
  it.each(['i3-1', 'i3-2', 'i3-3'])('%s takes any resolution string', (model) => {
    for (const resolution of ['1024x1024', '8MP', 'whatever', ...I3_RESOLUTIONS]) {
      expectAccepted({ model, prompt: PROMPT, i3Params: { resolution } })
    }
  })
  it.each(['i3-4', 'i3-5', 'i3-6'])('%s takes only the enumerated resolutions', (model) => {
    for (const resolution of I3_RESOLUTIONS) expectAccepted({ model, prompt: PROMPT, i3Params: { resolution } })
    for (const resolution of ['1024x1024', '8MP', '1mp', '']) {
      expectRejectedAt({ model, prompt: PROMPT, i3Params: { resolution } }, 'i3Params.resolution')
    }
  })
})

describe('I5 character variant', () => {
  it('needs its block, and character_reference_image inside it', () => {
    expectRejectedAt({ model: 'i5-character', prompt: PROMPT }, 'i5Params')
    expectRejectedAt({ model: 'i5-character', prompt: PROMPT, i5Params: {} }, 'i5Params.character_reference_image')
    expectRejectedAt({ model: 'i5-character', prompt: PROMPT, i5Params: { image: URL_A } }, 'i5Params.character_reference_image')
    expectAccepted({ model: 'i5-character', prompt: PROMPT, i5Params: { character_reference_image: URL_A } })
  })
  it.each(range('i5', 7))('plain member %s needs neither', (model) => {
    expectAccepted({ model, prompt: PROMPT })
    expectAccepted({ model, prompt: PROMPT, i5Params: {} })
  })
})

describe('I17 needs its block and a LoRA id', () => {
  it('rejects a missing block, a missing loraId and a loraId that is not a uuid', () => {
    expectRejectedAt({ model: 'i17-1', prompt: PROMPT }, 'i17Params')
    expectRejectedAt({ model: 'i17-1', prompt: PROMPT, i17Params: { num_outputs: 2 } }, 'i17Params.loraId')
    expectRejectedAt({ model: 'i17-1', prompt: PROMPT, i17Params: { loraId: 'my-lora' } }, 'i17Params.loraId')
    expectAccepted({ model: 'i17-1', prompt: PROMPT, i17Params: { loraId: LORA_ID, num_outputs: 4 } })
  })
})

describe('I8 and I9 input_images may be null', () => {
  it.each(['i8-1', 'i9-1'])('%s accepts null and a list, rejects a bad item at its index', (model) => {
    const block = model === 'i8-1' ? 'i8Params' : 'i9Params'
    expectAccepted({ model, prompt: PROMPT, [block]: { input_images: null } })
    expectAccepted({ model, prompt: PROMPT, [block]: { input_images: [URL_A, URL_A] } })
    expectRejectedAt({ model, prompt: PROMPT, [block]: { input_images: [URL_A, 'nope'] } }, `${block}.input_images.1`)
  })
})

describe('image input array limits', () => {
  const cases: [string, string, string, number][] = [
    ['i2-1', 'i2Params', 'image_input', 14],
    ['i4-1', 'i4Params', 'image_input', 14],
    ['i3-1', 'i3Params', 'input_images', 10],
    ['i5-1', 'i5Params', 'style_reference_images', 3]
  ]
  it.each(cases)('%s %s.%s takes at most %i URLs', (model, block, field, max) => {
    const urls = (n: number) => Array.from({ length: n }, () => URL_A)
    expectAccepted({ model, prompt: PROMPT, [block]: { [field]: urls(max) } })
    expectRejectedAt({ model, prompt: PROMPT, [block]: { [field]: urls(max + 1) } }, `${block}.${field}`)
  })
  it('reports a bad URL at its index: i2Params.image_input.3', () => {
    expectRejectedAt({ model: 'i2-1', prompt: PROMPT, i2Params: { image_input: [URL_A, URL_A, URL_A, 'file name.png'] } }, 'i2Params.image_input.3')
  })
  it('reports every bad URL of a list at its own index', () => {
    expectRejectedAt({ model: 'i4-2', prompt: PROMPT, i4Params: { image_input: ['x', URL_A, 'y'] } }, 'i4Params.image_input.0', 'i4Params.image_input.2')
  })
})

describe('aspect_ratio pattern ^\\d+:\\d+$ (I1, I3)', () => {
  it.each([['i1-1', 'i1Params'], ['i3-2', 'i3Params'], ['i3-5', 'i3Params']])('%s', (model, block) => {
    for (const aspect_ratio of ['1:1', '16:9', '4000:3000', '0:0']) expectAccepted({ model, prompt: PROMPT, [block]: { aspect_ratio } })
    for (const aspect_ratio of ['16/9', '16:9\n', 'a:b', '16 : 9', '']) {
      expectRejectedAt({ model, prompt: PROMPT, [block]: { aspect_ratio } }, `${block}.aspect_ratio`)
    }
  })
  it('I2 and I4 take any aspect_ratio string (no pattern)', () => {
    expectAccepted({ model: 'i2-1', prompt: PROMPT, i2Params: { aspect_ratio: 'match_input_image' } })
    expectAccepted({ model: 'i4-1', prompt: PROMPT, i4Params: { aspect_ratio: 'custom' } })
  })
})
