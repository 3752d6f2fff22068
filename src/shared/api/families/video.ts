// Parameter blocks of the video families V1..V8 (prompt 1..4000 in the envelope).
import { z } from 'zod'
import { bool, intRange, maxText, numRange, oneOf, oneOfInt, seed, uri } from '../fields'

const negative = maxText(2500)
const ratio3 = oneOf(['16:9', '9:16', '1:1'])

export const v1Params = z.strictObject({
  start_image: uri,
  end_image: uri,
  negative_prompt: negative,
  mode: oneOf(['standard', 'pro']),
  duration: oneOfInt([5, 10])
}).partial()

export const v2Params = z.strictObject({
  start_image: uri,
  negative_prompt: negative,
  aspect_ratio: ratio3,
  duration: oneOfInt([5, 10])
}).partial()

export const v3Params = z.strictObject({
  start_image: uri,
  end_image: uri,
  negative_prompt: negative,
  aspect_ratio: ratio3,
  duration: oneOfInt([5, 10]),
  guidance_scale: numRange(0, 1)
}).partial()

export const v4Params = z.strictObject({
  start_image: uri,
  negative_prompt: negative,
  aspect_ratio: ratio3,
  duration: oneOfInt([5, 10]),
  generate_audio: bool()
}).partial()

export const v5Params = z.strictObject({
  start_image: uri,
  end_image: uri,
  negative_prompt: negative,
  aspect_ratio: ratio3,
  duration: intRange(3, 15),
  mode: oneOf(['standard', 'pro', '4k']),
  generate_audio: bool(),
  multi_prompt: z.string()
}).partial()

export const v6Params = z.strictObject({
  duration: oneOfInt([4, 8, 10, 12, 15]),
  aspect_ratio: oneOf(['16:9', '9:16']),
  resolution: oneOf(['standard', 'high']),
  start_image: uri
}).partial()

export const v7Params = z.strictObject({
  duration: oneOfInt([5, 10]),
  aspect_ratio: oneOf(['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', '9:21']),
  resolution: oneOf(['480p', '720p', '1080p']),
  start_image: uri,
  end_image: uri,
  seed: seed(),
  camera_fixed: bool(),
  generate_audio: bool()
}).partial()

/** V8's parameters after `end_image` are not published; the profile accepts only these. */
export const v8Params = z.strictObject({
  duration: oneOfInt([4, 8, 12]),
  aspect_ratio: oneOf(['21:9', '16:9', '4:3', '1:1', '3:4', '9:16']),
  resolution: oneOf(['480p', '720p', '1080p']),
  start_image: uri,
  end_image: uri
}).partial()

/** Default durations in seconds when a request leaves `duration` out (used for pricing). */
export const DEFAULT_VIDEO_SECONDS: Record<string, number> = {
  v1: 5, v2: 5, v3: 5, v4: 5, v5: 5, v6: 4, v7: 5, v8: 4
}
