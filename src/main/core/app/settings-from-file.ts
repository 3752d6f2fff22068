// Reads the generation settings out of a file dropped on the workspace: the request this
// app wrote into it, or A1111 text written by another tool, turned into the request names
// the forms use. A file with neither answers null: then the caller looks the file up in
// the library by its bytes (a picture with Content Credentials keeps its settings in a
// sidecar in the library, see files-by-content). Numbers are handed on only as finite
// numbers: a text that is not a plain decimal ("1e309", "NaN", "0x10") stays text, and an
// infinity in a saved request (JSON's 1e309) becomes text too, so the form, which takes a
// value only when the model's schema does, names it as not taken. (Over HTTP an infinity
// would otherwise arrive as null, which reads as "the model's default".)
import { getModel } from '../../../shared/api'
import { parseA1111 } from '../../../shared/app/a1111'
import { findForbiddenKey } from '../../../shared/app/safe-keys'
import type { FileSettings } from '../../../shared/app/file-settings'
import { readEmbeddedSettings } from '../media/embedded-settings'

// A1111 keys and the request parameters they mean, numbers parsed where they are numbers.
const A1111_TO_PARAMS: Record<string, string> = {
  Seed: 'seed',
  Steps: 'steps',
  'CFG scale': 'guidance_scale',
  'Denoising strength': 'strength',
  'Aspect ratio': 'aspect_ratio'
}

// A plain decimal number, as A1111 text writes one; anything else stays text.
const DECIMAL = /^-?\d+(\.\d+)?$/

function numberOrText(value: string): string | number {
  const n = DECIMAL.test(value) ? Number(value) : NaN
  return Number.isFinite(n) ? n : value
}

/** JSON's 1e309 parses to Infinity, which no request can carry: it is kept as text. */
function finiteOrText(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : value
}

function parseRequest(json: string | null): Record<string, unknown> | null {
  if (!json) return null
  try {
    const value = JSON.parse(json, finiteOrText) as unknown
    // A file is input from anywhere: a request naming the prototype is not handed on.
    if (findForbiddenKey(value)) return null
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The settings of a dropped file, from what it carries inside it; null when it carries none. */
export function settingsFromFile(bytes: Buffer): FileSettings | null {
  const found = readEmbeddedSettings(bytes)
  return found ? settingsFromTexts(found) : null
}

/** The settings the texts of a file (inside it, or in a sidecar) give, in the request names the forms use. */
export function settingsFromTexts(found: { parameters: string | null; requestJson: string | null }): FileSettings | null {
  const request = parseRequest(found.requestJson)
  const a1111 = found.parameters ? parseA1111(found.parameters) : null
  if (request) {
    const model = typeof request.model === 'string' && getModel(request.model) ? request.model : null
    return { source: 'mediagen', model, prompt: typeof request.prompt === 'string' ? request.prompt : null, request, params: {}, parameters: found.parameters }
  }
  if (!a1111) return null
  const params: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(a1111.fields)) {
    const name = Object.hasOwn(A1111_TO_PARAMS, key) ? A1111_TO_PARAMS[key] : undefined
    if (!name) continue
    params[name] = numberOrText(value)
  }
  const size = /^(\d+)x(\d+)$/.exec(a1111.fields.Size ?? '')
  if (size?.[1] && size[2]) {
    params.width = numberOrText(size[1])
    params.height = numberOrText(size[2])
  }
  if (a1111.negativePrompt) params.negative_prompt = a1111.negativePrompt
  const model = a1111.fields.Model && getModel(a1111.fields.Model) ? a1111.fields.Model : null
  return { source: 'a1111', model, prompt: a1111.prompt || null, request: null, params, parameters: found.parameters }
}
