// The legacy request from the form: only the fields the chosen model takes, validated by
// the contract's schema, priced by its table.
import { detailsFromZodError, legacyCost, legacyRequestSchema, type ValidationDetails } from '../../../shared/api'
import type { LegacyDraft } from '../../stores/legacy-draft'

export function legacyBody(d: LegacyDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    prompt: d.prompt,
    model: d.model,
    aspect_ratio: d.aspect_ratio,
    resolution: d.resolution,
    duration: d.duration,
    generate_audio: d.generate_audio
  }
  if (d.model === 'lv-a') {
    if (d.image_url) body.image_url = d.image_url
  } else {
    if (d.first_frame_url) body.first_frame_url = d.first_frame_url
    if (d.last_frame_url) body.last_frame_url = d.last_frame_url
  }
  return body
}

export function validateLegacy(body: Record<string, unknown>): ValidationDetails {
  const parsed = legacyRequestSchema.safeParse(body)
  return parsed.success ? {} : detailsFromZodError(parsed.error)
}

export function costOf(d: LegacyDraft): number | null {
  return legacyCost({ model: d.model, resolution: d.resolution, duration: d.duration, generate_audio: d.generate_audio })
}
