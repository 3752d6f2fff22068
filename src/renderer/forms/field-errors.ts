// Validation details as the form shows them: the messages for a field, details merged
// from several checks, and paths named as a person would.
import type { ValidationDetails } from '../../shared/api'

/** Messages at a path and below it (a list's items report at `path.<index>`). */
export function errorsAt(details: ValidationDetails, path: string): [string, string[]][] {
  return Object.entries(details).filter(([key]) => key === path || key.startsWith(`${path}.`))
}

export function mergeDetails(...all: (ValidationDetails | null | undefined)[]): ValidationDetails {
  const out: ValidationDetails = {}
  for (const details of all) {
    for (const [key, messages] of Object.entries(details ?? {})) {
      const list = (out[key] ??= [])
      for (const m of messages) if (!list.includes(m)) list.push(m)
    }
  }
  return out
}

/** What a person calls a path: "prompt", "steps", "input images #3". */
export function readablePath(path: string, labelOf: (key: string) => string): string {
  if (path === '$') return 'Request'
  const parts = path.split('.')
  const key = parts.length > 1 ? parts[1] : parts[0]
  const index = parts[2]
  const label = labelOf(key ?? path)
  return index !== undefined ? `${label} #${Number(index) + 1}` : label
}
