// Seeds the app picks for a model that takes one when the request names none, so every
// output can be made again. Main picks the seed it sends; the page picks one the same way
// for a request it copies out, so that command is as repeatable as the app's own.
import { blockJsonSchema } from './block-json-schema'
import { paramsOf, parseGenerationRequest, type GenerationRequest } from './envelope'
import { SEED_MAX } from './fields'
import type { ModelInfo } from './models'

interface Bounds {
  min: number
  max: number
}

const boundsCache = new WeakMap<ModelInfo, Bounds | null>()

function boundsFromSchema(model: ModelInfo): Bounds | null {
  const schema = blockJsonSchema(model.block) as { properties?: Record<string, { minimum?: number; maximum?: number }> }
  const seed = schema.properties?.seed
  if (!seed) return null
  const min = Math.max(0, Math.ceil(seed.minimum ?? 0))
  const max = Math.min(SEED_MAX, Math.floor(seed.maximum ?? SEED_MAX))
  return min <= max ? { min, max } : null
}

/** The seeds a model takes, within 0..SEED_MAX (the service's stated range); null for a model without seeds. */
function seedBounds(model: ModelInfo): Bounds | null {
  if (!boundsCache.has(model)) boundsCache.set(model, boundsFromSchema(model))
  return boundsCache.get(model) ?? null
}

/** A random seed within the model's bounds (from the platform's cryptographic source). */
export function pickSeed(model: ModelInfo): number | null {
  const bounds = seedBounds(model)
  if (!bounds) return null
  const [random] = globalThis.crypto.getRandomValues(new Uint32Array(1))
  return bounds.min + ((random ?? 0) % (bounds.max - bounds.min + 1))
}

/**
 * The request with a picked seed where the model takes one and the request has none;
 * otherwise the request as it came. The result is validated again, so a block that
 * cannot stand with a seed alone is never sent.
 */
export function withPickedSeed(model: ModelInfo, request: GenerationRequest): GenerationRequest {
  const params = paramsOf(request, model)
  if (params.seed !== undefined && params.seed !== null) return request
  const seed = pickSeed(model)
  if (seed === null) return request
  const seeded = parseGenerationRequest({ ...request, [model.blockName]: { ...params, seed } })
  return seeded.ok ? seeded.request : request
}
