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
  strength: 'Denoising strength'
}

const NOT_A_FIELD = new Set(['prompt', 'negative_prompt', 'model'])

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

/** The A1111 text for a generation: its prompt, parameters, model and output size. */
export function formatA1111(input: { prompt: string | null; model: string; params: Record<string, unknown>; width?: number | null; height?: number | null }): string {
  const negative = textOf(input.params.negative_prompt)
  const fields: [string, string][] = []
  const seen = new Set<string>()
  const add = (label: string, value: string | null): void => {
    if (value === null || seen.has(label)) return
    seen.add(label)
    fields.push([label, value])
  }
  add('Steps', textOf(input.params.steps ?? input.params.num_inference_steps))
  add('Seed', textOf(input.params.seed))
  if (input.width && input.height) add('Size', `${input.width}x${input.height}`)
  add('Model', input.model)
  for (const [name, value] of Object.entries(input.params)) {
    if (NOT_A_FIELD.has(name)) continue
    add(labelOf(name), textOf(value))
  }
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
