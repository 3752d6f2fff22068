// Settings carried from one model to another: each parameter the new model has, with a
// value it accepts, is kept; the rest are named, so the user is told what was left
// behind rather than finding it gone. A remix leaves the old input files behind (their
// upload URLs have expired, and the remixed output takes their place); a model change
// in the form keeps them.
import type { ModelInfo } from '../../shared/api'
import { fieldsOf, isInputField, type FieldSpec } from './field-spec'
import { labelFor } from './field-labels'

function accepts(f: FieldSpec, v: unknown): boolean {
  switch (f.kind) {
    case 'enum':
      return (f.options ?? []).some((o) => o === v)
    case 'number':
      return typeof v === 'number' && (!f.integer || Number.isInteger(v)) && (f.min === undefined || v >= f.min) && (f.max === undefined || v <= f.max)
    case 'boolean':
      return typeof v === 'boolean'
    case 'text':
      return typeof v === 'string' && (f.maxLength === undefined || [...v].length <= f.maxLength) && (f.pattern === undefined || new RegExp(f.pattern).test(v))
    case 'lora':
      return typeof v === 'string'
    case 'json':
      return v !== undefined
    case 'uri':
      return typeof v === 'string'
    case 'uri-list':
      return Array.isArray(v) && (f.maxItems === undefined || v.length <= f.maxItems)
  }
}

export interface Carried {
  kept: Record<string, unknown>
  /** Labels of the parameters the new model does not take, or not with that value. */
  dropped: string[]
}

export function carryParams(params: Record<string, unknown>, to: ModelInfo, { inputs }: { inputs: boolean }): Carried {
  const fields = new Map(fieldsOf(to.block, to.blockName).map((f) => [f.key, f]))
  const kept: Record<string, unknown> = {}
  const dropped: string[] = []
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    const f = fields.get(key)
    if (f && isInputField(f) && !inputs) continue
    if (f && accepts(f, value)) kept[key] = value
    else dropped.push(labelFor(key))
  }
  return { kept, dropped }
}

/** "Not taken by I2 · 1: Image size." or null when everything carried over. */
export function droppedNote(carried: Carried, to: ModelInfo): string | null {
  return carried.dropped.length > 0 ? `Not taken by ${to.label}: ${carried.dropped.join(', ')}` : null
}
