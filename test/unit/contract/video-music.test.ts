// Video families V1..V8 (spec) and the music block M1 (profile), as tables.
import { describe, it } from 'vitest'
import { bool, describeFamily, expectAccepted, expectRejectedAt, int, intOneOf, oneOf, num, str, uri, type FamilyTable } from './spec-rules'

const PROMPT = 'a drone shot over a foggy forest'
const RATIO3 = ['16:9', '9:16', '1:1']

const TABLES: FamilyTable[] = [
  {
    title: 'V1 (2.1 standard tier)',
    block: 'v1Params',
    models: ['v1-1'],
    fields: {
      start_image: uri,
      end_image: uri,
      negative_prompt: str(2500),
      mode: oneOf(['standard', 'pro'], ['4k']),
      duration: intOneOf(5, 10)
    },
    foreign: ['aspect_ratio', 'generate_audio']
  },
  {
    title: 'V2 (master tier)',
    block: 'v2Params',
    models: ['v2-1'],
    fields: {
      start_image: uri,
      negative_prompt: str(2500),
      aspect_ratio: oneOf(RATIO3, ['4:3', '21:9']),
      duration: intOneOf(5, 10)
    },
    foreign: ['end_image', 'mode']
  },
  {
    title: 'V3 (turbo tier)',
    block: 'v3Params',
    models: ['v3-1'],
    fields: {
      start_image: uri,
      end_image: uri,
      negative_prompt: str(2500),
      aspect_ratio: oneOf(RATIO3, ['4:3']),
      duration: intOneOf(5, 10),
      guidance_scale: num(0, 1)
    },
    foreign: ['mode', 'generate_audio']
  },
  {
    title: 'V4 (2.6 tier)',
    block: 'v4Params',
    models: ['v4-1'],
    fields: {
      start_image: uri,
      negative_prompt: str(2500),
      aspect_ratio: oneOf(RATIO3, ['4:3']),
      duration: intOneOf(5, 10),
      generate_audio: bool
    },
    foreign: ['end_image', 'guidance_scale']
  },
  {
    title: 'V5 (3.0 tier)',
    block: 'v5Params',
    models: ['v5-1'],
    fields: {
      start_image: uri,
      end_image: uri,
      negative_prompt: str(2500),
      aspect_ratio: oneOf(RATIO3, ['4:3']),
      duration: int(3, 15),
      mode: oneOf(['standard', 'pro', '4k'], ['4K', 'hd']),
      generate_audio: bool,
      multi_prompt: str()
    },
    foreign: ['resolution', 'seed']
  },
  {
    title: 'V6',
    block: 'v6Params',
    models: ['v6-1', 'v6-2'],
    fields: {
      duration: intOneOf(4, 8, 10, 12, 15),
      aspect_ratio: oneOf(['16:9', '9:16'], ['1:1']),
      resolution: oneOf(['standard', 'high'], ['720p']),
      start_image: uri
    },
    foreign: ['end_image', 'negative_prompt']
  },
  {
    title: 'V7',
    block: 'v7Params',
    models: ['v7-1', 'v7-2', 'v7-3'],
    fields: {
      duration: intOneOf(5, 10),
      aspect_ratio: oneOf(['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', '9:21'], ['2:1']),
      resolution: oneOf(['480p', '720p', '1080p'], ['4k', 'standard']),
      start_image: uri,
      end_image: uri,
      seed: int(),
      camera_fixed: bool,
      generate_audio: bool
    },
    foreign: ['negative_prompt', 'mode']
  },
  {
    title: 'V8',
    block: 'v8Params',
    models: ['v8-1'],
    fields: {
      duration: intOneOf(4, 8, 12),
      aspect_ratio: oneOf(['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'], ['9:21']),
      resolution: oneOf(['480p', '720p', '1080p'], ['4k']),
      start_image: uri,
      end_image: uri
    },
    foreign: ['negative_prompt']
  },
  {
    title: 'M1 music (profile)',
    block: 'm1Params',
    models: ['m1-1', 'm1-2'],
    fields: {
      duration_seconds: int(5, 240),
      instrumental: bool,
      lyrics: str(3000),
      genre: str(100)
    },
    foreign: ['duration', 'start_image']
  }
]

for (const t of TABLES) describeFamily({ prompt: PROMPT, ...t })

describe('video and music prompts are required', () => {
  it.each(['v1-1', 'v5-1', 'v6-2', 'v7-3', 'v8-1', 'm1-1', 'm1-2'])('%s without a prompt is rejected at prompt', (model) => {
    expectRejectedAt({ model }, 'prompt')
  })
})

describe('V5 duration is any integer 3..15, the other tiers a fixed set', () => {
  it('V5', () => {
    for (let d = 3; d <= 15; d++) expectAccepted({ model: 'v5-1', prompt: PROMPT, v5Params: { duration: d } })
    for (const d of [2, 16, 7.5]) expectRejectedAt({ model: 'v5-1', prompt: PROMPT, v5Params: { duration: d } }, 'v5Params.duration')
  })
  it.each([
    ['v1-1', 'v1Params', [5, 10]],
    ['v4-1', 'v4Params', [5, 10]],
    ['v6-1', 'v6Params', [4, 8, 10, 12, 15]],
    ['v8-1', 'v8Params', [4, 8, 12]]
  ] as [string, string, number[]][])('%s takes exactly %s', (model, block, allowed) => {
    for (let d = 1; d <= 20; d++) {
      const b = { model, prompt: PROMPT, [block]: { duration: d } }
      if (allowed.includes(d)) expectAccepted(b)
      else expectRejectedAt(b, `${block}.duration`)
    }
  })
})
