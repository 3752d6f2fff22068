// Where a model takes input files: the URL fields of its parameter block (`u1Params.image`)
// and the items of its URL lists (`i2Params.image_input.3`). These are the only places a
// request may carry an upload, so they are the only `field`s an input may name.
import type { z } from 'zod'
import { blockJsonSchema } from './block-json-schema'
import type { ModelInfo } from './models'

interface JsonSchema {
  type?: string | string[]
  format?: string
  anyOf?: JsonSchema[]
  items?: JsonSchema
  maxItems?: number
  properties?: Record<string, JsonSchema>
}

/** One input slot: a single URL, or a list of at most `maxItems` URLs. */
export interface InputSlot {
  path: string
  list: boolean
  maxItems?: number
}

function toJson(block: z.ZodType): JsonSchema {
  return blockJsonSchema(block) as JsonSchema
}

function withoutNull(s: JsonSchema): JsonSchema {
  const nonNull = s.anyOf?.filter((x) => x.type !== 'null')
  return nonNull?.length === 1 && nonNull[0] ? nonNull[0] : s
}

const cache = new WeakMap<ModelInfo, InputSlot[]>()

export function inputSlots(model: ModelInfo): InputSlot[] {
  const cached = cache.get(model)
  if (cached) return cached
  const slots: InputSlot[] = []
  for (const [key, raw] of Object.entries(toJson(model.block).properties ?? {})) {
    const s = withoutNull(raw)
    const path = `${model.blockName}.${key}`
    if (s.format === 'uri') slots.push({ path, list: false })
    else if (s.type === 'array' && s.items?.format === 'uri') slots.push({ path, list: true, ...(s.maxItems !== undefined ? { maxItems: s.maxItems } : {}) })
  }
  cache.set(model, slots)
  return slots
}

/** True when `field` is one of the model's input paths (a list item within the list's size). */
export function isInputPath(model: ModelInfo, field: string): boolean {
  return inputSlots(model).some((slot) => {
    if (!slot.list) return field === slot.path
    if (!field.startsWith(`${slot.path}.`)) return false
    const index = field.slice(slot.path.length + 1)
    return /^(0|[1-9]\d{0,5})$/.test(index) && (slot.maxItems === undefined || Number(index) < slot.maxItems)
  })
}
