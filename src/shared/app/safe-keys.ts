// Names the page may not use as a property name or a path segment. Main turns paths and
// record keys from the page into property accesses (a request body's dot path, a board id
// keyed in an export); these three names reach an object's prototype instead of a property
// of its own, so they are refused wherever a key or a path comes from the page.
import { z } from 'zod'

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key)
}

const forbiddenMessage = (name: string) => `'${name}' is not allowed as a name`

/** A record key or an id that main may use as a property name. */
export const safeKey = z.string().refine((key) => !isForbiddenKey(key), { message: 'This name is not allowed' })

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u001f\u007f]/

/** An id from the page (a job, board, upload or LoRA id): a key main may use, printable. */
export const safeId = safeKey
  .min(1, 'Required')
  .max(200)
  .refine((id) => !CONTROL.test(id), { message: 'Must not contain control characters' })
  // An id goes into the service's URLs (`/v2/loras/{id}`), where a dot segment climbs out.
  .refine((id) => id !== '.' && id !== '..', { message: 'Not a valid id' })

/** A file name from the page: shown to the user and sent to the service, so printable. */
export const printableName = z.string().refine((name) => !CONTROL.test(name), { message: 'Must not contain control characters' })

/** A dot path (`i2Params.image_input.3`) none of whose segments is a forbidden name. */
export const safePath = z.string().superRefine((path, ctx) => {
  const bad = path.split('.').find(isForbiddenKey)
  if (bad !== undefined) ctx.addIssue({ code: 'custom', message: forbiddenMessage(bad) })
})

/**
 * The path of the first forbidden own key anywhere inside a value (objects and arrays,
 * walked without recursion so that a deeply nested value cannot exhaust the stack).
 */
export function findForbiddenKey(value: unknown): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }]
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!
    if (node === null || typeof node !== 'object') continue
    // Only objects are walked into: a list of a million ids costs no paths.
    const push = (child: unknown, key: string | number) => {
      if (child !== null && typeof child === 'object') stack.push({ value: child, path: [...path, key] })
    }
    if (Array.isArray(node)) {
      node.forEach(push)
      continue
    }
    for (const key of Object.keys(node)) {
      if (isForbiddenKey(key)) return [...path, key]
      push((node as Record<string, unknown>)[key], key)
    }
  }
  return null
}

/** A refinement for any schema: no forbidden key anywhere in the value. */
export function refuseForbiddenKeys(value: unknown, ctx: z.RefinementCtx): void {
  const at = findForbiddenKey(value)
  if (at) ctx.addIssue({ code: 'custom', path: at, message: forbiddenMessage(String(at[at.length - 1])) })
}
