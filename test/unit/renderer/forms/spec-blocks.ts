// The parameter blocks as service-spec.md lists them (and service-profile.md where the
// spec leaves a gap: I2's two search flags, I10's version names, V8, M1), written out by
// hand so the forms are checked against the documents rather than against themselves.

export type ControlSpec =
  | { kind: 'enum'; options: readonly (string | number)[] }
  | { kind: 'int'; min?: number; max?: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'text'; max?: number; ratio?: boolean; long?: boolean }
  | { kind: 'uri' }
  | { kind: 'uri-list'; max?: number }
  | { kind: 'lora' }

export type ParamSpec = ControlSpec & { required?: boolean }

const oneOf = (...options: (string | number)[]): ParamSpec => ({ kind: 'enum', options })
const int = (min?: number, max?: number): ParamSpec => ({ kind: 'int', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) })
const num = (min: number, max: number): ParamSpec => ({ kind: 'number', min, max })
const bool: ParamSpec = { kind: 'boolean' }
const str = (max?: number): ParamSpec => ({ kind: 'text', ...(max !== undefined ? { max } : {}) })
/** Negative prompts, lyrics and other long text get a multi-line box. */
const long = (max?: number): ParamSpec => ({ kind: 'text', long: true, ...(max !== undefined ? { max } : {}) })
const ratioPattern: ParamSpec = { kind: 'text', ratio: true }
const uri: ParamSpec = { kind: 'uri' }
const uris = (max?: number): ParamSpec => ({ kind: 'uri-list', ...(max !== undefined ? { max } : {}) })
const required = (p: ParamSpec): ParamSpec => ({ ...p, required: true })

const FORMATS_JPG_PNG_WEBP = oneOf('jpg', 'png', 'webp')
const RATIOS_I13 = oneOf('1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9')
const RATIOS_3 = oneOf('16:9', '9:16', '1:1')
const NEGATIVE_VIDEO = long(2500)

const i3 = (resolution: ParamSpec): Record<string, ParamSpec> => ({
  aspect_ratio: ratioPattern,
  output_format: FORMATS_JPG_PNG_WEBP,
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
  prompt_upsampling: bool,
  resolution
})

const i5 = (character: boolean): Record<string, ParamSpec> => ({
  aspect_ratio: str(),
  resolution: str(),
  seed: int(),
  style_type: str(),
  magic_prompt_option: oneOf('Auto', 'On', 'Off'),
  negative_prompt: long(),
  image: uri,
  mask: uri,
  style_preset: str(),
  style_reference_images: uris(3),
  rendering_speed: oneOf('default', 'turbo', 'quality'),
  character_reference_image: character ? required(uri) : uri
})

/** Parameters of one family (or variant), by model ids. */
export interface BlockSpec {
  models: readonly string[]
  block: string
  /** Whether the envelope has a prompt. */
  prompt: boolean
  /** Whether the block must be sent even when empty. */
  blockRequired: boolean
  params: Record<string, ParamSpec>
}

const ids = (family: string, n: number) => Array.from({ length: n }, (_, i) => `${family}-${i + 1}`)
const gen = (models: readonly string[], block: string, params: Record<string, ParamSpec>, blockRequired = false): BlockSpec => ({ models, block, prompt: true, blockRequired, params })
const tool = (models: readonly string[], block: string, params: Record<string, ParamSpec>, prompt = false): BlockSpec => ({ models, block, prompt, blockRequired: true, params })

export const SPEC_BLOCKS: BlockSpec[] = [
  gen(['i1-1'], 'i1Params', { aspect_ratio: ratioPattern }),
  gen(ids('i2', 3), 'i2Params', {
    aspect_ratio: str(),
    output_format: FORMATS_JPG_PNG_WEBP,
    image_input: uris(14),
    resolution: oneOf('512px', '1K', '2K', '4K'),
    web_search: bool,
    image_search: bool
  }),
  gen(['i3-1', 'i3-2', 'i3-3'], 'i3Params', i3(str())),
  gen(['i3-4', 'i3-5', 'i3-6'], 'i3Params', i3(oneOf('0.5MP', '1MP', '2MP', '4MP', 'match_input_image'))),
  gen(ids('i4', 5), 'i4Params', {
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
    output_format: oneOf('jpg', 'png')
  }),
  gen(ids('i5', 7), 'i5Params', i5(false)),
  gen(['i5-character'], 'i5Params', i5(true), true),
  gen(ids('i6', 5), 'i6Params', { aspect_ratio: oneOf('1:1', '9:16', '16:9', '3:4', '4:3'), output_format: oneOf('jpg', 'png'), image_size: oneOf('1K', '2K') }),
  gen(ids('i7', 2), 'i7Params', { aspect_ratio: oneOf('1:1', '3:2', '2:3'), style: oneOf('vivid', 'natural') }),
  gen(['i8-1'], 'i8Params', {
    quality: oneOf('low', 'medium', 'high', 'auto'),
    aspect_ratio: oneOf('1:1', '3:2', '2:3'),
    output_format: oneOf('png', 'jpeg', 'webp'),
    background: oneOf('auto', 'transparent', 'opaque'),
    input_images: uris(),
    input_fidelity: oneOf('low', 'high'),
    number_of_images: int(1, 10)
  }),
  gen(['i9-1'], 'i9Params', {
    quality: oneOf('low', 'medium', 'high', 'auto'),
    aspect_ratio: oneOf('1:1', '3:2', '2:3'),
    output_format: oneOf('png', 'jpeg', 'webp'),
    background: oneOf('auto', 'opaque'),
    moderation: oneOf('auto', 'low'),
    input_images: uris(),
    number_of_images: int(1, 10)
  }),
  gen(['i10-1'], 'i10Params', {
    model_name: oneOf('v1', 'v1.5', 'v2'),
    negative_prompt: long(2500),
    image: uri,
    image_fidelity: num(0, 1),
    n: int(1, 4),
    aspect_ratio: oneOf('16:9', '9:16', '1:1', '4:3', '3:4', '3:2', '2:3')
  }),
  gen(['i11-1'], 'i11Params', {
    task_type: oneOf('text-to-image', 'image-to-image', 'image-edit'),
    image_url: uri,
    image_size: oneOf('square', 'square_hd', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9'),
    negative_prompt: long(500),
    output_format: oneOf('png', 'jpeg'),
    seed: int(),
    num_inference_steps: int(2, 250),
    guidance_scale: num(0, 20),
    acceleration: oneOf('none', 'regular', 'high'),
    strength: num(0, 1),
    num_images: int(1, 4)
  }),
  gen(ids('i12', 2), 'i12Params', {
    image: uri,
    aspect_ratio: oneOf('1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9', '2:1', '1:2'),
    negative_prompt: long(500),
    seed: int()
  }),
  gen(['i13-1'], 'i13Params', { image: uri, aspect_ratio: RATIOS_I13, negative_prompt: long(500), seed: int(0, 2147483647), prompt_extend: bool }),
  gen(ids('i14', 2), 'i14Params', { image: uri, aspect_ratio: RATIOS_I13, seed: int(0, 2147483647), thinking_mode: bool }),
  gen(['i15-1'], 'i15Params', { image: uri, aspect_ratio: oneOf('1:1', '2:3', '3:2', '16:9', '9:16') }),
  gen(['i16-1'], 'i16Params', { aspect_ratio: oneOf('16:9', '9:16', '3:2', '2:3', '4:3', '3:4', '1:1'), seed: int(), version: str() }),
  gen(['i17-1'], 'i17Params', {
    loraId: required({ kind: 'lora' }),
    num_outputs: int(1, 4),
    aspect_ratio: oneOf('1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'),
    output_format: oneOf('png', 'jpg', 'webp'),
    lora_strength: num(0, 1.5),
    guidance_scale: num(1, 10),
    num_inference_steps: int(4, 50),
    seed: int()
  }, true),
  tool(['u1-1'], 'u1Params', {
    image: required(uri),
    model_type: oneOf('standard-v2', 'low-res-v2', 'cgi', 'high-fidelity-v2', 'text-refine', 'redefine'),
    upscale_factor: oneOf(1, 2, 4, 6),
    face_enhance: bool,
    face_enhance_strength: num(0, 1),
    face_enhance_creativity: num(0, 1),
    output_format: oneOf('jpg', 'png'),
    seed: int()
  }),
  tool(['u2-1'], 'u2Params', {
    image: required(uri),
    prompt: long(2000),
    negative_prompt: long(2000),
    scale_factor: oneOf(1, 2, 4, 8),
    creativity: num(0, 1),
    resemblance: num(0, 3),
    dynamic: num(1, 50),
    num_inference_steps: int(1, 100),
    seed: int(),
    output_format: oneOf('png', 'jpg', 'webp'),
    sharpen: num(0, 10)
  }),
  tool(['e1-1'], 'e1Params', {
    image: required(uri),
    mode: required(oneOf('inpaint', 'outpaint')),
    mask: uri,
    outpaint: oneOf('Zoom out 1.5x', 'Zoom out 2x', 'Make square', 'Left outpaint', 'Right outpaint', 'Top outpaint', 'Bottom outpaint'),
    steps: int(1, 50),
    guidance: num(2, 5),
    safety_tolerance: int(1, 6),
    output_format: oneOf('jpg', 'png'),
    seed: int(),
    prompt_upsampling: bool
  }, true),
  tool(['b1-1'], 'b1Params', { image: required(uri), content_moderation: bool }),
  tool(['b2-1'], 'b2Params', {
    image: required(uri),
    format: oneOf('png', 'jpg'),
    threshold: num(0, 1),
    reverse: bool,
    background_type: oneOf('rgba', 'map', 'green', 'white', 'blur', 'overlay')
  }),
  gen(['v1-1'], 'v1Params', { start_image: uri, end_image: uri, negative_prompt: NEGATIVE_VIDEO, mode: oneOf('standard', 'pro'), duration: oneOf(5, 10) }),
  gen(['v2-1'], 'v2Params', { start_image: uri, negative_prompt: NEGATIVE_VIDEO, aspect_ratio: RATIOS_3, duration: oneOf(5, 10) }),
  gen(['v3-1'], 'v3Params', { start_image: uri, end_image: uri, negative_prompt: NEGATIVE_VIDEO, aspect_ratio: RATIOS_3, duration: oneOf(5, 10), guidance_scale: num(0, 1) }),
  gen(['v4-1'], 'v4Params', { start_image: uri, negative_prompt: NEGATIVE_VIDEO, aspect_ratio: RATIOS_3, duration: oneOf(5, 10), generate_audio: bool }),
  gen(['v5-1'], 'v5Params', {
    start_image: uri,
    end_image: uri,
    negative_prompt: NEGATIVE_VIDEO,
    aspect_ratio: RATIOS_3,
    duration: int(3, 15),
    mode: oneOf('standard', 'pro', '4k'),
    generate_audio: bool,
    multi_prompt: long()
  }),
  gen(ids('v6', 2), 'v6Params', { duration: oneOf(4, 8, 10, 12, 15), aspect_ratio: oneOf('16:9', '9:16'), resolution: oneOf('standard', 'high'), start_image: uri }),
  gen(ids('v7', 3), 'v7Params', {
    duration: oneOf(5, 10),
    aspect_ratio: oneOf('21:9', '16:9', '4:3', '1:1', '3:4', '9:16', '9:21'),
    resolution: oneOf('480p', '720p', '1080p'),
    start_image: uri,
    end_image: uri,
    seed: int(),
    camera_fixed: bool,
    generate_audio: bool
  }),
  gen(['v8-1'], 'v8Params', {
    duration: oneOf(4, 8, 12),
    aspect_ratio: oneOf('21:9', '16:9', '4:3', '1:1', '3:4', '9:16'),
    resolution: oneOf('480p', '720p', '1080p'),
    start_image: uri,
    end_image: uri
  }),
  gen(ids('m1', 2), 'm1Params', { duration_seconds: int(5, 240), instrumental: bool, lyrics: long(3000), genre: str(100) })
]

export function specOf(modelId: string): BlockSpec | undefined {
  return SPEC_BLOCKS.find((b) => b.models.includes(modelId))
}
