// Parameter blocks of the 17 image generation families (spec: "Image generation families").
// Blocks are strict: an unknown property is an error, as the service says.
import { z } from 'zod'
import { aspectRatioPattern, bool, int, intRange, maxText, numRange, oneOf, seed, SEED_MAX, uri, uriList } from '../fields'

const ratiosI13 = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'] as const

export const i1Params = z.strictObject({ aspect_ratio: aspectRatioPattern }).partial()

export const i2Params = z.strictObject({
  aspect_ratio: z.string(),
  output_format: oneOf(['jpg', 'png', 'webp']),
  image_input: uriList(14),
  resolution: oneOf(['512px', '1K', '2K', '4K']),
  // The spec lists "two booleans enabling web search and image search" without names;
  // these are the default profile's names.
  web_search: bool(),
  image_search: bool()
}).partial()

/** I3's members differ only in `resolution`: free text for three, an enum for the others. */
export function i3Params(resolution: 'free' | 'enum') {
  return z.strictObject({
    aspect_ratio: aspectRatioPattern,
    output_format: oneOf(['jpg', 'png', 'webp']),
    output_quality: intRange(0, 100),
    seed: seed(),
    width: intRange(256, 2048),
    height: intRange(256, 2048),
    image_prompt: uri,
    image_prompt_strength: numRange(0, 1),
    raw: bool(),
    input_images: uriList(10),
    steps: intRange(1, 50),
    guidance: numRange(1.5, 10),
    go_fast: bool(),
    prompt_upsampling: bool(),
    resolution: resolution === 'free' ? z.string() : oneOf(['0.5MP', '1MP', '2MP', '4MP', 'match_input_image'])
  }).partial()
}

export const i4Params = z.strictObject({
  aspect_ratio: z.string(),
  seed: seed(),
  size: z.string(),
  width: intRange(512, 4096),
  height: intRange(512, 4096),
  guidance_scale: numRange(1, 10),
  resolution: z.string(),
  use_pre_llm: bool(),
  enhance_prompt: bool(),
  image_input: uriList(14),
  output_format: oneOf(['jpg', 'png'])
}).partial()

const i5Shape = {
  aspect_ratio: z.string(),
  resolution: z.string(),
  seed: seed(),
  style_type: z.string(),
  magic_prompt_option: oneOf(['Auto', 'On', 'Off']),
  negative_prompt: z.string(),
  image: uri,
  mask: uri,
  style_preset: z.string(),
  style_reference_images: uriList(3),
  rendering_speed: oneOf(['default', 'turbo', 'quality']),
  character_reference_image: uri
}
export const i5Params = z.strictObject(i5Shape).partial()
/** The character variant: the block is required, and so is `character_reference_image`. */
export const i5CharacterParams = z.strictObject(i5Shape).partial().required({ character_reference_image: true })

export const i6Params = z.strictObject({
  aspect_ratio: oneOf(['1:1', '9:16', '16:9', '3:4', '4:3']),
  output_format: oneOf(['jpg', 'png']),
  image_size: oneOf(['1K', '2K'])
}).partial()

export const i7Params = z.strictObject({
  aspect_ratio: oneOf(['1:1', '3:2', '2:3']),
  style: oneOf(['vivid', 'natural'])
}).partial()

export const i8Params = z.strictObject({
  quality: oneOf(['low', 'medium', 'high', 'auto']),
  aspect_ratio: oneOf(['1:1', '3:2', '2:3']),
  output_format: oneOf(['png', 'jpeg', 'webp']),
  background: oneOf(['auto', 'transparent', 'opaque']),
  input_images: uriList().nullable(),
  input_fidelity: oneOf(['low', 'high']),
  number_of_images: intRange(1, 10)
}).partial()

export const i9Params = z.strictObject({
  quality: oneOf(['low', 'medium', 'high', 'auto']),
  aspect_ratio: oneOf(['1:1', '3:2', '2:3']),
  output_format: oneOf(['png', 'jpeg', 'webp']),
  background: oneOf(['auto', 'opaque']),
  moderation: oneOf(['auto', 'low']),
  input_images: uriList().nullable(),
  number_of_images: intRange(1, 10)
}).partial()

/** The spec names "one of 3 version identifiers" without listing them; the profile's are these. */
export const I10_MODEL_NAMES = ['v1', 'v1.5', 'v2'] as const
export const i10Params = z.strictObject({
  model_name: oneOf(I10_MODEL_NAMES),
  negative_prompt: maxText(2500),
  image: uri,
  image_fidelity: numRange(0, 1),
  n: intRange(1, 4),
  aspect_ratio: oneOf(['16:9', '9:16', '1:1', '4:3', '3:4', '3:2', '2:3'])
}).partial()

export const i11Params = z.strictObject({
  task_type: oneOf(['text-to-image', 'image-to-image', 'image-edit']),
  image_url: uri,
  image_size: oneOf(['square', 'square_hd', 'portrait_4_3', 'portrait_16_9', 'landscape_4_3', 'landscape_16_9']),
  negative_prompt: maxText(500),
  output_format: oneOf(['png', 'jpeg']),
  seed: seed(),
  num_inference_steps: intRange(2, 250),
  guidance_scale: numRange(0, 20),
  acceleration: oneOf(['none', 'regular', 'high']),
  strength: numRange(0, 1),
  num_images: intRange(1, 4)
}).partial()

export const i12Params = z.strictObject({
  image: uri,
  aspect_ratio: oneOf(['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9', '2:1', '1:2']),
  negative_prompt: maxText(500),
  seed: seed()
}).partial()

export const i13Params = z.strictObject({
  image: uri,
  aspect_ratio: oneOf(ratiosI13),
  negative_prompt: maxText(500),
  seed: intRange(0, SEED_MAX),
  prompt_extend: bool()
}).partial()

export const i14Params = z.strictObject({
  image: uri,
  aspect_ratio: oneOf(ratiosI13),
  seed: intRange(0, SEED_MAX),
  thinking_mode: bool()
}).partial()

export const i15Params = z.strictObject({
  image: uri,
  aspect_ratio: oneOf(['1:1', '2:3', '3:2', '16:9', '9:16'])
}).partial()

export const i16Params = z.strictObject({
  aspect_ratio: oneOf(['16:9', '9:16', '3:2', '2:3', '4:3', '3:4', '1:1']),
  seed: seed(),
  version: z.string()
}).partial()

/** I17 generates with one of the caller's LoRAs: the block and `loraId` are required. */
export const i17Params = z.strictObject({
  // `uuid` as JSON Schema means it: 8-4-4-4-12 hex digits, whatever the version nibble.
  loraId: z.guid({ message: 'Must be a LoRA id (a UUID)' }),
  num_outputs: intRange(1, 4).optional(),
  aspect_ratio: oneOf(['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3']).optional(),
  output_format: oneOf(['png', 'jpg', 'webp']).optional(),
  lora_strength: numRange(0, 1.5).optional(),
  guidance_scale: numRange(1, 10).optional(),
  num_inference_steps: intRange(4, 50).optional(),
  seed: int().optional()
})
