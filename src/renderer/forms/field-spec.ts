// Derives form fields from a model's parameter block, so every family gets its form from
// the same zod schema the service validates with. The block is rendered to JSON Schema
// (zod 4's `toJSONSchema`) for types, enums and bounds; URL fields are marked by identity
// with the contract's `uri` schema, because a refinement does not survive into JSON Schema.
import type { z } from 'zod'
import { blockJsonSchema } from '../../shared/api/block-json-schema'
import { labelFor } from './field-labels'

export type FieldKind = 'enum' | 'number' | 'boolean' | 'uri' | 'uri-list' | 'text' | 'lora' | 'json'

export interface FieldSpec {
  key: string
  /** JSON path in the request body, as the service's `details` name it. */
  path: string
  /** Read when shown, in the page's language at that moment (the fields are kept once per block). */
  readonly label: string
  kind: FieldKind
  required: boolean
  /** The block accepts an explicit null. */
  nullable: boolean
  options?: (string | number)[]
  integer?: boolean
  min?: number
  max?: number
  maxItems?: number
  /** Most characters a text field takes (counted by code point, as the service counts). */
  maxLength?: number
  pattern?: string
  /** Long free text (negative prompts, lyrics) gets a textarea. */
  multiline?: boolean
}

interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minimum?: number
  maximum?: number
  maxItems?: number
  maxLength?: number
  pattern?: string
  format?: string
}

const MULTILINE_KEYS = /prompt|lyrics/

// Integer schemas without stated bounds come out with the safe-integer range; those are
// not limits worth showing.
const bound = (n: number | undefined) => (n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined)

function toJson(block: z.ZodType): JsonSchema {
  return blockJsonSchema(block) as JsonSchema
}

function describe(key: string, path: string, schema: JsonSchema, required: boolean): FieldSpec {
  let s = schema
  let nullable = false
  if (s.anyOf) {
    const nonNull = s.anyOf.filter((x) => x.type !== 'null')
    nullable = nonNull.length < s.anyOf.length
    if (nonNull.length === 1 && nonNull[0]) s = nonNull[0]
  }
  const base = { key, path, label: '', required, nullable }
  if (s.enum && s.enum.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return { ...base, kind: 'enum', options: s.enum as (string | number)[] }
  }
  const min = bound(s.minimum)
  const max = bound(s.maximum)
  switch (s.type) {
    case 'boolean':
      return { ...base, kind: 'boolean' }
    case 'integer':
    case 'number':
      return { ...base, kind: 'number', integer: s.type === 'integer', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }
    case 'string':
      if (s.format === 'uri') return { ...base, kind: 'uri' }
      if (s.format === 'uuid' && key === 'loraId') return { ...base, kind: 'lora' }
      return {
        ...base,
        kind: 'text',
        multiline: MULTILINE_KEYS.test(key),
        ...(s.pattern ? { pattern: s.pattern } : {}),
        ...(s.maxLength !== undefined ? { maxLength: s.maxLength } : {})
      }
    case 'array':
      if (s.items?.format === 'uri') return { ...base, kind: 'uri-list', ...(s.maxItems !== undefined ? { maxItems: s.maxItems } : {}) }
      return { ...base, kind: 'json' }
    default:
      return { ...base, kind: 'json' }
  }
}

/** The label follows a change of language: it is looked up each time it is read. */
function withLiveLabel(spec: FieldSpec): FieldSpec {
  return Object.defineProperty(spec, 'label', { get: () => labelFor(spec.key), enumerable: true })
}

const cache = new WeakMap<z.ZodType, FieldSpec[]>()

export function fieldsOf(block: z.ZodType, blockName: string): FieldSpec[] {
  const cached = cache.get(block)
  if (cached) return cached
  const json = toJson(block)
  const required = new Set(json.required ?? [])
  const fields = Object.entries(json.properties ?? {}).map(([key, schema]) =>
    withLiveLabel(describe(key, `${blockName}.${key}`, schema, required.has(key)))
  )
  cache.set(block, fields)
  return fields
}

/** Inputs (files) first, then the rest in the schema's order. */
export function isInputField(f: FieldSpec): boolean {
  return f.kind === 'uri' || f.kind === 'uri-list'
}
