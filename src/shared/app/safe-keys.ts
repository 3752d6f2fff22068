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
    if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push({ value: item, path: [...path, i] }))
      continue
    }
    for (const key of Object.keys(node)) {
      if (isForbiddenKey(key)) return [...path, key]
      stack.push({ value: (node as Record<string, unknown>)[key], path: [...path, key] })
    }
  }
  return null
}

/** A refinement for any schema: no forbidden key anywhere in the value. */
export function refuseForbiddenKeys(value: unknown, ctx: z.RefinementCtx): void {
  const at = findForbiddenKey(value)
  if (at) ctx.addIssue({ code: 'custom', path: at, message: forbiddenMessage(String(at[at.length - 1])) })
}
