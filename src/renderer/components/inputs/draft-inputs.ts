// The files a draft sends with its request: every input field's value (one URL, or each
// of a list), with the upload it came from, so the form can show them all in one place
// and a model switch can say which ones come along.
import type { FieldSpec } from '../../forms/field-spec'
import { isInputField } from '../../forms/field-spec'
import type { UploadRef } from '../../stores/uploads'

export interface DraftInput {
  field: FieldSpec
  url: string
  /** Its place in a list field, or null for a one-file field. */
  position: number | null
  ref: UploadRef | undefined
}

export function draftInputs(fields: FieldSpec[], params: Record<string, unknown>, byUrl: Record<string, UploadRef>): DraftInput[] {
  return fields.filter(isInputField).flatMap((field): DraftInput[] => {
    const value = params[field.key]
    if (typeof value === 'string' && value !== '') return [{ field, url: value, position: null, ref: byUrl[value] }]
    if (!Array.isArray(value)) return []
    return value.flatMap((url, position) => (typeof url === 'string' && url !== '' ? [{ field, url, position, ref: byUrl[url] }] : []))
  })
}

/** The field's value without this input. */
export function withoutInput(params: Record<string, unknown>, input: DraftInput): unknown {
  if (input.position === null) return undefined
  const list = (params[input.field.key] as unknown[]).filter((_, i) => i !== input.position)
  return list.length > 0 ? list : undefined
}

/** What a draft's inputs become under another model: those it keeps (its new params hold them) and those it drops. */
export function inputsAcrossSwitch(before: DraftInput[], after: Record<string, unknown>): { kept: DraftInput[]; dropped: DraftInput[] } {
  const held = new Set(Object.values(after).flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])))
  return { kept: before.filter((i) => held.has(i.url)), dropped: before.filter((i) => !held.has(i.url)) }
}

/** How an input is named to the user: its file's name, else its address. */
export const inputName = (i: DraftInput): string => i.ref?.fileName ?? i.url
