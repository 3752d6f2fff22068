// Every output is reproducible: a request to a model that takes a seed but names none is
// given one here, before the journal write, so the seed is recorded with the job, shown
// with it, saved with its outputs, and sent again unchanged with the same
// Idempotency-Key if the first send goes unanswered.
import { randomInt } from 'node:crypto'
import { parseGenerationRequest, paramsOf, type GenerationRequest, type ModelInfo } from '../../../shared/api'
import { blockJsonSchema } from '../../../shared/api/block-json-schema'

/** The largest 32-bit unsigned integer: the range seeds are picked from when the model sets none. */
const MAX_SEED = 2 ** 32 - 1

interface SeedSchema {
  minimum?: number
  maximum?: number
}

const boundsCache = new WeakMap<ModelInfo, { min: number; max: number } | null>()

function seedBounds(model: ModelInfo): { min: number; max: number } | null {
  if (boundsCache.has(model)) return boundsCache.get(model) ?? null
  const bounds = boundsFromSchema(model)
  boundsCache.set(model, bounds)
  return bounds
}

function boundsFromSchema(model: ModelInfo): { min: number; max: number } | null {
  const schema = blockJsonSchema(model.block) as { properties?: Record<string, SeedSchema> }
  const seed = schema.properties?.seed
  if (!seed) return null
  const min = Math.max(0, Math.ceil(seed.minimum ?? 0))
  const max = Math.min(MAX_SEED, Math.floor(seed.maximum ?? MAX_SEED))
  return min <= max ? { min, max } : null
}

/** A seed within the model's bounds (randomInt's upper bound is exclusive). */
export function pickSeed(model: ModelInfo): number | null {
  const bounds = seedBounds(model)
  return bounds ? randomInt(bounds.min, bounds.max + 1) : null
}

/**
 * The request with a seed of the app's choosing where the model takes one and the request
 * has none; otherwise the request as it came. The result is validated again, so a block
 * that cannot stand with a seed alone is never sent.
 */
export function withPickedSeed(model: ModelInfo, request: GenerationRequest): GenerationRequest {
  const params = paramsOf(request, model)
  if (params.seed !== undefined && params.seed !== null) return request
  const seed = pickSeed(model)
  if (seed === null) return request
  const seeded = parseGenerationRequest({ ...request, [model.blockName]: { ...params, seed } })
  return seeded.ok ? seeded.request : request
}
