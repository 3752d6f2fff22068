// The legacy single-endpoint video interface: request, task result and cost table, with
// the spec's listed-versus-described type mismatches resolved as the profile says
// (`last_frame_url` is a URL; `generate_audio` a boolean, "true"/"false" accepted).
import { z } from 'zod'
import { text } from './fields'

export const LEGACY_MODELS = ['lv-a', 'lv-b', 'lv-c'] as const
export type LegacyModel = (typeof LEGACY_MODELS)[number]
export const LEGACY_FAMILY = 'lv'

const urlString = z.url({ message: 'Must be an absolute URL' })

// Strict: a field the endpoint does not know is refused here, naming it, rather than
// forwarded to the service (where it would be ignored, or worse, mean something).
const unknownFields: z.core.$ZodObjectParams = {
  error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown field${iss.keys.length === 1 ? '' : 's'}: ${iss.keys.join(', ')}` : undefined)
}

export const legacyRequestSchema = z
  .strictObject({
    // Only `model` is marked required by the spec; a prompt, when given, is 3..2500.
    prompt: text(3, 2500).optional(),
    model: z.enum(LEGACY_MODELS, { message: `Must be one of: ${LEGACY_MODELS.join(', ')}` }),
    image_url: urlString.optional(),
    first_frame_url: urlString.optional(),
    last_frame_url: urlString.optional(),
    aspect_ratio: z.enum(['1:1', '4:3', '3:4', '16:9', '9:16', '21:9', 'adaptive'], { message: 'Must be one of: 1:1, 4:3, 3:4, 16:9, 9:16, 21:9, adaptive' }).default('16:9'),
    resolution: z.enum(['480p', '720p', '1080p'], { message: 'Must be one of: 480p, 720p, 1080p' }).default('720p'),
    duration: z.literal([4, 8, 12], { message: 'Must be one of: 4, 8, 12' }).default(8),
    generate_audio: z
      .union([z.boolean(), z.enum(['true', 'false'])], { message: 'Must be true or false' })
      .transform((v) => v === true || v === 'true')
      .default(false),
    webhook_url: urlString.optional(),
    webhook_secret: z.string().optional()
  }, unknownFields)
  .superRefine((req, ctx) => {
    const isA = req.model === 'lv-a'
    if (req.image_url !== undefined && !isA) ctx.addIssue({ code: 'custom', path: ['image_url'], message: 'Only model lv-a takes image_url' })
    if (isA && req.first_frame_url !== undefined) ctx.addIssue({ code: 'custom', path: ['first_frame_url'], message: 'Only models lv-b and lv-c take first_frame_url' })
    if (isA && req.last_frame_url !== undefined) ctx.addIssue({ code: 'custom', path: ['last_frame_url'], message: 'Only models lv-b and lv-c take last_frame_url' })
    if (isA && req.aspect_ratio === 'adaptive') ctx.addIssue({ code: 'custom', path: ['aspect_ratio'], message: 'adaptive is only for models lv-b and lv-c' })
    if (!isA && req.resolution === '1080p') ctx.addIssue({ code: 'custom', path: ['resolution'], message: '1080p is only for model lv-a' })
  })
export type LegacyRequest = z.output<typeof legacyRequestSchema>
export type LegacyRequestInput = z.input<typeof legacyRequestSchema>

export const legacySubmitResponseSchema = z.looseObject({ task_id: z.string() })

export const legacyTaskResultSchema = z.looseObject({
  task_id: z.string(),
  task_type: z.string(),
  video_url: z.string().optional(),
  status: z.enum(['finished', 'processing']),
  percentage: z.number()
})
export type LegacyTaskResult = z.infer<typeof legacyTaskResultSchema>

/** Credits by model, resolution and duration (spec table); null where unavailable. */
const LEGACY_COSTS: Record<LegacyModel, Record<'480p' | '720p' | '1080p', [number, number, number] | null>> = {
  'lv-a': { '480p': [4, 8, 12], '720p': [8, 16, 24], '1080p': [16, 32, 48] },
  'lv-b': { '480p': [28, 56, 84], '720p': [60, 120, 180], '1080p': null },
  'lv-c': { '480p': [24, 48, 72], '720p': [52, 104, 156], '1080p': null }
}

/** The cost of a legacy request in credits, doubled with audio; null where unavailable. */
export function legacyCost(req: Pick<LegacyRequest, 'model' | 'resolution' | 'duration' | 'generate_audio'>): number | null {
  const row = LEGACY_COSTS[req.model][req.resolution]
  if (!row) return null
  const base = row[[4, 8, 12].indexOf(req.duration)]
  if (base === undefined) return null
  return req.generate_audio ? base * 2 : base
}
