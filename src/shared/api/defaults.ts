// What the service does with a parameter left out, where the spec or the profile says it:
// the form shows these for unset fields (and sends nothing), and the cost estimate prices
// with the very same values, so the form and the price never disagree.
import { DEFAULT_MUSIC_SECONDS } from './families/music'
import { DEFAULT_VIDEO_SECONDS } from './families/video'
import type { ModelInfo } from './models'

/** U1's factor when `upscale_factor` is left out. */
export const DEFAULT_UPSCALE_FACTOR = 2

/** The value the service uses for `key` when a request leaves it out; undefined when not published. */
export function knownDefault(model: ModelInfo, key: string): number | undefined {
  if (model.modality === 'music' && key === 'duration_seconds') return DEFAULT_MUSIC_SECONDS
  if (model.modality === 'video' && key === 'duration') return DEFAULT_VIDEO_SECONDS[model.family] ?? 5
  if (model.countField === key) return 1
  if (model.pricing.mode === 'per-megapixel' && key === 'upscale_factor') return DEFAULT_UPSCALE_FACTOR
  return undefined
}

/** Every published default of a model's block, by key. */
export function knownDefaults(model: ModelInfo, keys: string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const key of keys) {
    const value = knownDefault(model, key)
    if (value !== undefined) out[key] = value
  }
  return out
}
