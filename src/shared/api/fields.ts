// Building blocks for the service's parameter schemas. Every limit in the spec is
// expressed with these, so the app's forms and the demo service reject the same inputs
// with the same messages.
import { z } from 'zod'
import { expectedMessage, typeError } from './validation-details'

/** Counts characters as the service does: by Unicode code point, not UTF-16 unit. */
export function charCount(value: string): number {
  let n = 0
  for (const _ of value) n++
  return n
}

/** A string of min..max characters. */
export function text(min: number, max: number) {
  return z
    .string()
    .superRefine((value, ctx) => {
      const n = charCount(value)
      if (n < min) ctx.addIssue({ code: 'custom', message: min === 1 ? 'Must not be empty' : `Must be at least ${min} characters` })
      else if (n > max) ctx.addIssue({ code: 'custom', message: `Must be at most ${max} characters (got ${n})` })
    })
    // A refinement is invisible to JSON Schema; the bounds are stated for the forms, which
    // read them from there (JSON Schema counts by code point too).
    .meta({ ...(min > 0 ? { minLength: min } : {}), maxLength: max })
}

/** A string of at most max characters. */
export function maxText(max: number) {
  return text(0, max)
}

/** An absolute URI, as JSON Schema's `uri` format means it. */
export const uri = z.string().superRefine((value, ctx) => {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) || !URL.canParse(value)) {
    ctx.addIssue({ code: 'custom', message: 'Must be an absolute URL' })
  }
})

export const int = () => z.number({ error: typeError('int') }).int({ error: expectedMessage('int') })
export const intRange = (min: number, max: number) =>
  int().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`)
export const numRange = (min: number, max: number) =>
  z.number({ error: typeError('number') }).min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`)

/** One of a fixed set of strings. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: `Must be one of: ${values.join(', ')}` })
}

/** One of a fixed set of integers (e.g. durations 5 or 10 seconds). */
export function oneOfInt<const T extends readonly [number, ...number[]]>(values: T) {
  return z.literal(values, { message: `Must be one of: ${values.join(', ')}` })
}

export const ASPECT_RATIO_PATTERN = /^\d+:\d+$/
export const aspectRatioPattern = z.string().regex(ASPECT_RATIO_PATTERN, 'Must look like 16:9')

export function uriList(max?: number) {
  const list = z.array(uri)
  return max === undefined ? list : list.max(max, `At most ${max} items`)
}

export const seed = () => int()
/**
 * The largest seed the service states (I13 and I14 take 0..2147483647; the other models
 * say only "integer"). Every seed the app picks or takes, in main and in the page, is
 * within 0..SEED_MAX, which every model accepts.
 */
export const SEED_MAX = 2_147_483_647
export const bool = () => z.boolean({ error: typeError('boolean') })
