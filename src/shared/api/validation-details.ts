// Turns a zod failure into the service's ValidationError `details`: a map from the JSON
// path of the offending field (dot-separated, array indexes as numbers, `$` for the whole
// body) to its messages. The demo service answers with it and the app's forms show it, so
// both speak of the same fields in the same words.
import type { z } from 'zod'

export type ValidationDetails = Record<string, string[]>

export function pathKey(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '$' : path.map((p) => String(p)).join('.')
}

function add(details: ValidationDetails, key: string, message: string): void {
  const list = (details[key] ??= [])
  if (!list.includes(message)) list.push(message)
}

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required'
  return issue.message
}

export function detailsFromZodError(error: z.ZodError): ValidationDetails {
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
    add(details, pathKey(issue.path), messageOf(issue))
  }
  return details
}

/** One line a person can read: "prompt: Required; i3Params.steps: Must be at most 50". */
export function summarizeDetails(details: ValidationDetails): string {
  return Object.entries(details)
    .map(([path, messages]) => `${path === '$' ? 'request' : path}: ${messages.join(', ')}`)
    .join('; ')
}
