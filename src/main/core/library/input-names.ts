// The inputs of a saved output, named for the settings written into it: an upload URL
// stops working an hour after the upload, so a file carrying one would point nowhere. An
// input is named by the library output it came from, or by the file the user gave.
import { getModel, inputSlots } from '../../../shared/api'
import { blockJsonSchema } from '../../../shared/api/block-json-schema'
import type { LibraryInput } from '../../../shared/app/views'

/** "0.png (library <job id> output 1)" for an output reused as input, or the local file's name. */
function nameOf(input: LibraryInput): string {
  if (input.sourceJobId === undefined) return input.fileName
  return `${input.fileName} (library ${input.sourceJobId} output ${(input.sourceIndex ?? 0) + 1})`
}

/** The last part of a URL's path: what is left to say of an input the journal has no record of. */
function lastSegment(url: string): string {
  try {
    const segments = new URL(url).pathname.split('/').filter(Boolean)
    return decodeURIComponent(segments.at(-1) ?? 'input')
  } catch {
    return 'input'
  }
}

function named(value: unknown, path: string, byField: Map<string, LibraryInput>): unknown {
  const input = byField.get(path)
  if (input) return nameOf(input)
  return typeof value === 'string' ? lastSegment(value) : value
}

/**
 * The request's parameters (family block keyed by its name) with every input slot's URL
 * replaced by a name. Other parameters are kept as they are; the entry is not changed.
 */
export function withInputNames(modelId: string, params: Record<string, unknown>, inputs: readonly LibraryInput[]): Record<string, unknown> {
  const model = getModel(modelId)
  const block = model ? params[model.blockName] : undefined
  if (!model || typeof block !== 'object' || block === null || Array.isArray(block)) return params
  const byField = new Map(inputs.map((i) => [i.field, i]))
  const renamed: Record<string, unknown> = { ...(block as Record<string, unknown>) }
  for (const slot of inputSlots(model)) {
    const key = slot.path.slice(model.blockName.length + 1)
    const value = renamed[key]
    if (value === undefined || value === null) continue
    renamed[key] = slot.list && Array.isArray(value) ? value.map((v, i) => named(v, `${slot.path}.${i}`, byField)) : named(value, slot.path, byField)
  }
  return { ...params, [model.blockName]: renamed }
}

/** Every parameter a model takes, by name; empty for a model the app does not know. */
export function fieldNamesOf(modelId: string): string[] {
  const model = getModel(modelId)
  if (!model) return []
  const schema = blockJsonSchema(model.block) as { properties?: Record<string, unknown> }
  return Object.keys(schema.properties ?? {})
}
