// Generation settings as the widely read "A1111" text (the `parameters` text of a PNG,
// also read by image viewers, galleries and other generators):
//
//   a lighthouse at dusk, oil painting
//   Negative prompt: blurry, text
//   Steps: 28, Seed: 1234, Size: 1024x768, Model: i3-4, CFG scale: 3.5, Aspect ratio: 4:3
//
// The first lines are the prompt, then an optional "Negative prompt:" line, then one line
// of "Key: value" pairs. Values holding a comma or a colon are quoted as JSON strings.
import { isForbiddenKey } from './safe-keys'

export interface A1111Settings {
  prompt: string
  negativePrompt: string | null
  /** The pairs of the last line, in order: Steps, Seed, Size, Model, and any others. */
  fields: Record<string, string>
}

// Request parameters with an A1111 name of their own; the rest keep a readable form of
// their own name ("output_format" → "Output format").
const A1111_NAMES: Record<string, string> = {
  steps: 'Steps',
  num_inference_steps: 'Steps',
  seed: 'Seed',
  guidance: 'CFG scale',
  guidance_scale: 'CFG scale',
  cfg_scale: 'CFG scale',
  strength: 'Denoising strength',
  // The service's own model version (I16), not to be taken for the app's Version.
  version: 'Model version'
}

const STEPS_FIELDS = ['steps', 'num_inference_steps']
const GUIDANCE_FIELDS = ['guidance', 'guidance_scale', 'cfg_scale']
const NOT_A_FIELD = new Set(['prompt', 'negative_prompt', 'model', 'width', 'height'])

/**
 * Written for a setting the model has but the request left out: the service then uses its
 * own default, which the contract does not state, so no number is made up for it.
 */
export const MODEL_DEFAULT = 'model default'

/** The app and its version, as the settings line names the tool that wrote it. */
export const WRITTEN_BY = 'MediaGen Studio 0.1.0'

function labelOf(name: string): string {
  const known = A1111_NAMES[name]
  if (known) return known
  const words = name.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function quoteIfNeeded(value: string): string {
  return /[,:\n"]/.test(value) ? JSON.stringify(value) : value
}

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

export interface A1111Input {
  prompt: string | null
  model: string
  /** The request's parameters, flat (the family's block taken apart). */
  params: Record<string, unknown>
  /** The names of every parameter the model takes, so that an unset Steps or CFG scale says so. */
  fields?: readonly string[]
  /** The service's job id: with Model and Version, the three pairs every settings line holds. */
  jobId?: string
}

/** The first of `names` the request set or, when the model takes one of them, MODEL_DEFAULT. */
function settingOf(input: A1111Input, names: readonly string[]): string | null {
  for (const name of names) {
    const value = textOf(input.params[name])
    if (value !== null) return value
  }
  return names.some((n) => input.fields?.includes(n)) ? MODEL_DEFAULT : null
}

/**
 * The A1111 text for a generation. Its last line always holds at least three "Key: value"
 * pairs (Model, Job and Version at least, with Seed, Steps…), so A1111's own parser takes it as
 * the settings rather than as more prompt. Size is the size asked for (width × height),
 * never the file's: the file says that itself.
 */
export function formatA1111(input: A1111Input): string {
  const { params } = input
  const negative = textOf(params.negative_prompt)
  const fields: [string, string][] = []
  const seen = new Set<string>()
  const add = (label: string, value: string | null): void => {
    if (value === null || seen.has(label)) return
    seen.add(label)
    fields.push([label, value])
  }
  add('Steps', settingOf(input, STEPS_FIELDS))
  add('Seed', textOf(params.seed))
  if (typeof params.width === 'number' && typeof params.height === 'number') add('Size', `${params.width}x${params.height}`)
  add('Model', input.model)
  add('CFG scale', settingOf(input, GUIDANCE_FIELDS))
  for (const [name, value] of Object.entries(params)) {
    if (NOT_A_FIELD.has(name) || name === 'job') continue
    add(labelOf(name), textOf(value))
  }
  if (input.jobId) add('Job', input.jobId)
  add('Version', WRITTEN_BY)
  const lines = [input.prompt ?? '']
  if (negative) lines.push(`Negative prompt: ${negative}`)
  lines.push(fields.map(([k, v]) => `${k}: ${quoteIfNeeded(v)}`).join(', '))
  return lines.join('\n')
}

// One "Key: value" pair; the value is a JSON string or runs to the next comma.
const PAIR = /\s*([\w ()/+.-]+?):\s*("(?:[^"\\]|\\.)*"|[^,]*)(?:,|$)/gy

function parsePairs(line: string): Record<string, string> | null {
  const fields: Record<string, string> = {}
  PAIR.lastIndex = 0
  let count = 0
  while (PAIR.lastIndex < line.length) {
    const m = PAIR.exec(line)
    if (!m?.[1] || m[2] === undefined) return null
    let value = m[2].trim()
    if (value.startsWith('"')) {
      try {
        value = JSON.parse(value) as string
      } catch {
        return null
      }
    }
    // Keys are text from a file: one naming the prototype is no setting of ours.
    const key = m[1].trim()
    if (!isForbiddenKey(key)) fields[key] = value
    count++
    if (m[0].length === 0) break
  }
  return count > 0 ? fields : null
}

/** Reads A1111 text, from this app or from any other tool that writes it; null when it is not. */
export function parseA1111(text: string): A1111Settings | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const last = lines[lines.length - 1] ?? ''
  const fields = /\bSteps: |\bSeed: |\bModel: |\bSize: /.test(last) ? parsePairs(last) : null
  if (!fields) return null
  const body = lines.slice(0, -1)
  const negativeAt = body.findIndex((l) => l.startsWith('Negative prompt:'))
  const promptLines = negativeAt >= 0 ? body.slice(0, negativeAt) : body
  const negativePrompt = negativeAt >= 0 ? body.slice(negativeAt).join('\n').replace(/^Negative prompt:\s?/, '') : null
  return { prompt: promptLines.join('\n'), negativePrompt, fields }
}
