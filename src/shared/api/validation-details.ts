// Turns a zod failure into the service's ValidationError `details`: a map from the JSON
// path of the offending field (dot-separated, array indexes as numbers, `$` for the whole
// body) to its messages. The demo service answers with it and the app's forms show it, so
// both speak of the same fields in the same words.
import type { z } from 'zod'

export type ValidationDetails = Record<string, string[]>

export const REQUIRED = 'Required'

/**
 * What a wrong-type message says, by zod's `expected`. zod 4 reports a non-integer given
 * to an integer field as `expected: 'int'` (with `format: 'safeint'`), but a string given
 * to the same field only as `expected: 'number'`: the schema has to say it wants a whole
 * number itself (see `typeError`).
 */
const EXPECTED: Record<string, string> = {
  int: 'Expected a whole number',
  bigint: 'Expected a whole number',
  number: 'Expected a number',
  nan: 'Expected a number',
  string: 'Expected a string',
  boolean: 'Expected true or false',
  array: 'Expected a list',
  tuple: 'Expected a list',
  set: 'Expected a list',
  object: 'Expected an object',
  record: 'Expected an object',
  map: 'Expected an object',
  null: 'Expected null',
  date: 'Expected a date',
  file: 'Expected a file'
}

/** zod's integer formats (`z.int()`, `.int()`, `z.int32()`…). */
const INT_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64'])

/** The messages this module writes, so one already chosen at the schema is kept as is. */
const OWN_MESSAGES = new Set([REQUIRED, ...Object.values(EXPECTED)])

/** "Expected a …" for a zod `expected` (or integer format). */
export function expectedMessage(expected: string): string {
  if (INT_FORMATS.has(expected)) return EXPECTED.int ?? ''
  return EXPECTED[expected] ?? `Expected ${expected}`
}

/**
 * A zod `error` option for a schema whose JSON type zod cannot name precisely, chiefly
 * integers: `z.number({ error: typeError('int') })` says "Expected a whole number" for
 * "ten", which zod alone reports as "expected number". It sees the raw input, so a
 * missing value says "Required" even where the caller cannot pass the input along.
 */
export function typeError(expected: string): (issue: z.core.$ZodRawIssue) => string | undefined {
  return (issue) => {
    if (issue.code !== 'invalid_type') return undefined
    return issue.input === undefined ? REQUIRED : expectedMessage(expected)
  }
}

export function pathKey(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '$' : path.map((p) => String(p)).join('.')
}

// Paths come from the input, which may name `constructor` or `__proto__`: the list is the
// details' own property, never one reached through the prototype.
function add(details: ValidationDetails, key: string, message: string): void {
  let list = Object.hasOwn(details, key) ? details[key] : undefined
  if (!list) {
    list = []
    Object.defineProperty(details, key, { value: list, writable: true, enumerable: true, configurable: true })
  }
  if (!list.includes(message)) list.push(message)
}

/** The value at a zod issue path in the input, or undefined when nothing is there. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined
    if (!Object.prototype.hasOwnProperty.call(value, key)) return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** Marks that the caller did not pass the input, which differs from passing `undefined`. */
const NO_INPUT: unique symbol = Symbol('no input')

/**
 * Whether the issue is about a value that is not there at all: true or false when it can
 * be told (from the input, or from an issue parsed with `reportInput`), else null.
 */
function isMissing(issue: z.core.$ZodIssue, input: unknown): boolean | null {
  if (input !== NO_INPUT) return valueAt(input, issue.path) === undefined
  if ('input' in issue) return issue.input === undefined
  return null
}

/** Codes of issues about the value itself, where "nothing there" is the whole story. */
const VALUE_CODES = new Set(['invalid_type', 'invalid_value', 'invalid_union'])

function messageOf(issue: z.core.$ZodIssue, input: unknown): string {
  if (!VALUE_CODES.has(issue.code)) {
    return issue.code === 'invalid_format' && INT_FORMATS.has(issue.format) ? expectedMessage(issue.format) : issue.message
  }
  const missing = isMissing(issue, input)
  if (missing === true) return REQUIRED
  if (issue.code !== 'invalid_type') return issue.message
  // A message of our own words was chosen by the schema (`typeError`), which knows more
  // than zod's `expected` (a whole number, not any number): keep it, unless the input
  // tells it wrong about missing.
  if (OWN_MESSAGES.has(issue.message) && !(missing === false && issue.message === REQUIRED)) return issue.message
  if ('format' in issue && typeof issue.format === 'string' && INT_FORMATS.has(issue.format)) return expectedMessage(issue.format)
  return expectedMessage(issue.expected)
}

/**
 * The details of a zod failure. Pass the input that was parsed, so that a missing value
 * ("Required") is told apart from a value of the wrong type ("Expected a string"); without
 * it, a value is called missing only when the schema or the issue says so.
 */
export function detailsFromZodError(error: z.ZodError, input: unknown = NO_INPUT): ValidationDetails {
  const details: ValidationDetails = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // An unknown top-level property belongs to the whole body (`$`); inside a block it
      // is reported at its own path so a form can point at it.
      for (const key of issue.keys) {
        if (issue.path.length === 0) add(details, '$', `Unknown property '${key}'`)
        else add(details, pathKey([...issue.path, key]), 'Unknown property')
      }
      continue
    }
    add(details, pathKey(issue.path), messageOf(issue, input))
  }
  return details
}

/** One line a person can read: "prompt: Required; i3Params.steps: Must be at most 50". */
export function summarizeDetails(details: ValidationDetails): string {
  return Object.entries(details)
    .map(([path, messages]) => `${path === '$' ? 'request' : path}: ${messages.join(', ')}`)
    .join('; ')
}
