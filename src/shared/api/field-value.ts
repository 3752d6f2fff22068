// Whether a model takes a value for one of its parameters, by the family's own zod schema:
// the rule the service validates with. Settings read from a file (a saved request, A1111
// text) or carried from another model are checked with it before they reach the form, so
// NaN, an infinity, an integer past the safe range or a number outside the field's bounds
// never stands in the form as if it were a setting.
import type { z } from 'zod'
import type { ModelInfo } from './models'

/** The schema of one parameter of the model's block, or null when the block has no such parameter. */
function parameterSchema(model: ModelInfo, key: string): z.ZodType | null {
  const shape = (model.block as { shape?: Record<string, z.ZodType> }).shape
  return shape && Object.hasOwn(shape, key) ? (shape[key] ?? null) : null
}

/** True when the model's block takes `value` for its parameter `key`. */
export function modelTakesValue(model: ModelInfo, key: string, value: unknown): boolean {
  const schema = parameterSchema(model, key)
  return schema !== null && value !== undefined && schema.safeParse(value).success
}
