// Sets a value at a dot path of a request body (`u1Params.image`, `i2Params.image_input.3`),
// the same paths the service's ValidationError uses.
export function setAtPath(body: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.')
  let node: Record<string, unknown> | unknown[] = body
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i]!
    const nextIsIndex = /^\d+$/.test(parts[i + 1]!)
    const current = (node as Record<string, unknown>)[key]
    if (current === null || typeof current !== 'object') (node as Record<string, unknown>)[key] = nextIsIndex ? [] : {}
    node = (node as Record<string, unknown>)[key] as Record<string, unknown>
  }
  ;(node as Record<string, unknown>)[parts[parts.length - 1]!] = value
}
