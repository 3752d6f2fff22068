// Sets a value at a dot path of a request body (`u1Params.image`, `i2Params.image_input.3`),
// the same paths the service's ValidationError uses.
//
// Paths come from job records and, before that, from the page. Every step reads and writes
// own properties only: a segment such as `__proto__` or `constructor` names a new own
// property of the body, never the prototype shared by every object in the process.

type Node = Record<string, unknown> | unknown[]

function ownChild(node: Node, key: string): unknown {
  return Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined
}

function setOwn(node: Node, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true })
}

export function setAtPath(body: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.')
  let node: Node = body
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i]!
    const nextIsIndex = /^\d+$/.test(parts[i + 1]!)
    let child = ownChild(node, key)
    if (child === null || typeof child !== 'object') {
      child = nextIsIndex ? [] : {}
      setOwn(node, key, child)
    }
    node = child as Node
  }
  setOwn(node, parts[parts.length - 1]!, value)
}
