// The URLs a draft's settings hold: an input field's value, or an item of an input list.
// Used when the service changes, to put a new upload's URL where the old one was.

type Params = Record<string, unknown>

/** Every string value of `params`, and every string item of a list value. */
export function urlsIn(params: Params): string[] {
  return Object.values(params).flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((i): i is string => typeof i === 'string') : []))
}

/**
 * `params` with `from` replaced by `to` wherever it is a value or an item of a list (`to`
 * null takes it out: a list left empty goes too), and the keys it was under; null when
 * `from` is nowhere in them.
 */
export function swapUrlIn(params: Params, from: string, to: string | null): { params: Params; keys: string[] } | null {
  const keys: string[] = []
  const next: Params = {}
  for (const [key, value] of Object.entries(params)) {
    if (value === from) {
      keys.push(key)
      if (to !== null) next[key] = to
    } else if (Array.isArray(value) && value.includes(from)) {
      keys.push(key)
      const items = value.flatMap((item: unknown) => (item !== from ? [item] : to === null ? [] : [to]))
      if (items.length > 0) next[key] = items
    } else {
      next[key] = value
    }
  }
  return keys.length > 0 ? { params: next, keys } : null
}
