// Parameter blocks of the image tools: upscale (U1, U2), edit (E1) and background
// removal (B1, B2). Each of these blocks is required and names its input image.
import { z } from 'zod'
import { bool, intRange, maxText, numRange, oneOf, oneOfInt, seed, uri } from '../fields'

export const u1Params = z.strictObject({
  image: uri,
  model_type: oneOf(['standard-v2', 'low-res-v2', 'cgi', 'high-fidelity-v2', 'text-refine', 'redefine']).optional(),
  upscale_factor: oneOfInt([1, 2, 4, 6]).optional(),
  face_enhance: bool().optional(),
  face_enhance_strength: numRange(0, 1).optional(),
  face_enhance_creativity: numRange(0, 1).optional(),
  output_format: oneOf(['jpg', 'png']).optional(),
  seed: seed().optional()
})

export const u2Params = z.strictObject({
  image: uri,
  prompt: maxText(2000).optional(),
  negative_prompt: maxText(2000).optional(),
  scale_factor: oneOfInt([1, 2, 4, 8]).optional(),
  creativity: numRange(0, 1).optional(),
  resemblance: numRange(0, 3).optional(),
  dynamic: numRange(1, 50).optional(),
  num_inference_steps: intRange(1, 100).optional(),
  seed: seed().optional(),
  output_format: oneOf(['png', 'jpg', 'webp']).optional(),
  sharpen: numRange(0, 10).optional()
})

export const OUTPAINT_MODES = [
  'Zoom out 1.5x', 'Zoom out 2x', 'Make square', 'Left outpaint', 'Right outpaint', 'Top outpaint', 'Bottom outpaint'
] as const

export const e1Params = z.strictObject({
  image: uri,
  mode: oneOf(['inpaint', 'outpaint']),
  mask: uri.optional(),
  outpaint: oneOf(OUTPAINT_MODES).optional(),
  steps: intRange(1, 50).optional(),
  guidance: numRange(2, 5).optional(),
  safety_tolerance: intRange(1, 6).optional(),
  output_format: oneOf(['jpg', 'png']).optional(),
  seed: seed().optional(),
  prompt_upsampling: bool().optional()
})

export const b1Params = z.strictObject({
  image: uri,
  content_moderation: bool().optional()
})

export const b2Params = z.strictObject({
  image: uri,
  format: oneOf(['png', 'jpg']).optional(),
  threshold: numRange(0, 1).optional(),
  reverse: bool().optional(),
  background_type: oneOf(['rgba', 'map', 'green', 'white', 'blur', 'overlay']).optional()
})
