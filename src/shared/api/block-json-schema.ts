// A parameter block as JSON Schema, for the form and for the list of a model's inputs.
import { z } from 'zod'
import { uri } from './fields'

/**
 * URL fields are found by identity with the contract's `uri` schema: a refinement does not
 * survive into JSON Schema, so it is marked on the way out.
 */
export function blockJsonSchema(block: z.ZodType): unknown {
  return z.toJSONSchema(block, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema === uri) (ctx.jsonSchema as { format?: string }).format = 'uri'
    }
  })
}
