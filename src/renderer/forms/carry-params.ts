// Settings carried from one model to another: each parameter the new model has, with a
// value it accepts, is kept; the rest are named, so the user is told what was left
// behind rather than finding it gone. A remix leaves the old input files behind (their
// upload URLs have expired, and the remixed output takes their place); a model change
// in the form keeps them. A value is taken only when the field's description for the form
// and the family's own schema both accept it: the form's bounds come from JSON Schema,
// which cannot say "finite" or "a safe integer", so -1e23 as a seed or Infinity as a
// guidance scale (from a file, say) is named as not taken rather than put in the form.
import type { ModelInfo } from '../../shared/api'
import { modelTakesValue } from '../../shared/api/field-value'
import { fieldsOf, isInputField, type FieldSpec } from './field-spec'
import { labelFor } from './field-labels'
import { t } from '../i18n/page-i18n'

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
    // An input's value is the user's own upload reference, not the request's URL.
    if (f && accepts(f, value) && (isInputField(f) || modelTakesValue(to, key, value))) kept[key] = value
    else dropped.push(labelFor(key))
  }
  return { kept, dropped }
}

/** "Not taken by I2 · 1: Image size." or null when everything carried over. */
export function droppedNote(carried: Carried, to: ModelInfo): string | null {
  return carried.dropped.length > 0 ? t('messages:carry.notTaken', { model: to.label, fields: carried.dropped.join(', ') }) : null
}
