// The one shape every tool's settings are read into, and the checks every value passes on
// the way: a file is input from anywhere, and look-alike data (a seed as text, a step count
// of 1e308, a prompt that is an object) is the norm. A number that is not finite and sane
// is left out, text is text or nothing, and no value is longer than a generous cap.
import type { ImportTool } from '../../../shared/app/library-import'

export interface ToolSettings {
  tool: ImportTool
  prompt: string | null
  negativePrompt: string | null
  seed: number | null
  steps: number | null
  cfg: number | null
  sampler: string | null
  model: string | null
  /** The size asked for (the file's own size is measured from the picture). */
  width: number | null
  height: number | null
  /** Readable facts of the tool's own (a job id, flags, a scheduler, a version). */
  details: Record<string, string>
  /** The text the settings were read from, by where it was found. */
  raw: Record<string, string>
}

const MAX_PROMPT_CHARS = 32_000
const MAX_NAME_CHARS = 300
const MAX_STEPS = 10_000
const MAX_CFG = 100
const MAX_SIDE = 65_536

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) && value.length < 40) return Number(value)
  return null
}

/** A whole number in [min, max], from a number or a number written as text; else null. */
export function saneInt(value: unknown, min: number, max: number): number | null {
  const n = numberOf(value)
  return n !== null && Number.isSafeInteger(n) && n >= min && n <= max ? n : null
}

/** A finite number in [min, max]; else null. */
export function saneNumber(value: unknown, min: number, max: number): number | null {
  const n = numberOf(value)
  return n !== null && n >= min && n <= max ? n : null
}

/** Text trimmed, at most `max` characters, or null for anything else or nothing. */
export function textOf(value: unknown, max = MAX_PROMPT_CHARS): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.replace(/\0/g, '').trim()
  return trimmed === '' ? null : trimmed.slice(0, max)
}

export interface SettingsFields {
  prompt?: unknown
  negativePrompt?: unknown
  seed?: unknown
  steps?: unknown
  cfg?: unknown
  sampler?: unknown
  model?: unknown
  width?: unknown
  height?: unknown
}

/** The settings of `tool`, each value checked; `details` values that are not text are left out. */
export function toolSettings(tool: ImportTool, fields: SettingsFields, raw: Record<string, string>, details: Record<string, unknown> = {}): ToolSettings {
  const kept: Record<string, string> = {}
  for (const [key, value] of Object.entries(details)) {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : textOf(value, MAX_NAME_CHARS)
    if (text !== null) kept[key] = text
  }
  return {
    tool,
    prompt: textOf(fields.prompt),
    negativePrompt: textOf(fields.negativePrompt),
    // Seeds are whole and not negative (-1 means "random" to several tools, not a seed).
    seed: saneInt(fields.seed, 0, Number.MAX_SAFE_INTEGER),
    steps: saneInt(fields.steps, 1, MAX_STEPS),
    cfg: saneNumber(fields.cfg, 0, MAX_CFG),
    sampler: textOf(fields.sampler, MAX_NAME_CHARS),
    model: textOf(fields.model, MAX_NAME_CHARS),
    width: saneInt(fields.width, 1, MAX_SIDE),
    height: saneInt(fields.height, 1, MAX_SIDE),
    details: kept,
    raw
  }
}

/** The settings of an image that carries none (or none this app can read): its texts are kept as they are. */
export function noSettings(raw: Record<string, string>): ToolSettings {
  return toolSettings('none', {}, raw)
}

/** JSON texts longer than this are not parsed: no tool's settings come near it. */
const MAX_JSON_CHARS = 8 * 1024 * 1024
// A string, or a bare NaN/Infinity (which Python's json writes for a float that is one).
const NON_JSON_NUMBERS = /"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)\b/g

/** A JSON object from text, or null (not JSON, not an object, too long). */
export function jsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text || text.length > MAX_JSON_CHARS) return null
  const parse = (t: string): unknown => {
    try {
      return JSON.parse(t) as unknown
    } catch {
      return undefined
    }
  }
  let value = parse(text)
  if (value === undefined && /NaN|Infinity/.test(text)) value = parse(text.replace(NON_JSON_NUMBERS, (m, bare?: string) => (bare ? 'null' : m)))
  return isRecord(value) ? value : null
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
