// Hostile route inputs, as a compromised page would send them: the prototype's names as
// keys and path segments, path traversal, NUL, huge strings and impossible dates, in every
// field of every route of the contract. After them, the routes that take no argument must
// still answer and no object in the process may have gained a property.
import { expect } from 'vitest'
import { routes, ROUTE_NAMES, type Result, type RouteName } from '../../../src/shared/contract'

export const HOSTILE_STRINGS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__.query',
  'constructor.prototype.query',
  'a.constructor.prototype',
  'i2Params.__proto__.0',
  'x'.repeat(200_000),
  '../../../../etc/passwd',
  '..\\..\\..\\Windows\\win.ini',
  'inputs/../../journal.jsonl',
  '..',
  '.',
  'inputs/a\0.png',
  'a\0b',
  'not-a-date',
  '2026-02-30T25:61:00Z',
  ''
]

/** Objects whose own keys are the prototype's names, as JSON.parse and structured clone make them. */
export function hostileObjects(): Record<string, unknown>[] {
  return [
    JSON.parse('{"__proto__": {"query": "polluted", "polluted": true}}') as Record<string, unknown>,
    JSON.parse('{"constructor": {"prototype": {"query": "polluted", "polluted": true}}}') as Record<string, unknown>,
    { prototype: { query: 'polluted', polluted: true } }
  ]
}

export function hostileValues(): unknown[] {
  return [...HOSTILE_STRINGS, ...hostileObjects(), null, -1, 1e21, [], [hostileObjects()[0]]]
}

/** Routes that take no argument and change nothing: each must still answer after an attack. */
export const NO_ARGUMENT_READS = [
  'app.info', 'settings.get', 'jobs.list', 'library.list', 'boards.list', 'collections.export', 'catalog.list', 'webhooks.health', 'loras.list'
] as const satisfies readonly RouteName[]

export type Dispatch = (route: string, input: unknown) => Promise<Result<unknown>>

type Path = (string | number)[]

function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...path, i]))
  if (value !== null && typeof value === 'object') {
    const inner = Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]))
    // An object is also a place to slip a hostile key in beside the real ones.
    return [path, ...inner]
  }
  return [path]
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

/** `sample` with the value at `path` replaced (or, for an object, merged with) `hostile`. */
function withAt(sample: unknown, path: Path, hostile: unknown): unknown {
  if (path.length === 0) return hostile
  const copy = clone(sample) as Record<string | number, unknown>
  let node = copy
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  const current = node[last]
  node[last] = current !== null && typeof current === 'object' && !Array.isArray(current) && hostile !== null && typeof hostile === 'object' && !Array.isArray(hostile)
    ? Object.assign(Object.create(null) as object, current, hostile)
    : hostile
  return copy
}

function objectKeys(route: RouteName): string[] {
  let schema = routes[route].input as unknown as { shape?: Record<string, unknown>; unwrap?: () => unknown }
  if (!schema.shape && schema.unwrap) schema = schema.unwrap() as typeof schema
  return Object.keys(schema.shape ?? {})
}

/** Every hostile variant of a route's input: whole, and in each field of a valid sample. */
export function hostileInputsFor(route: RouteName, sample: unknown = {}): unknown[] {
  const inputs: unknown[] = [...hostileValues()]
  const paths = leafPaths(sample)
  for (const key of objectKeys(route)) if (!paths.some((p) => p.length === 1 && p[0] === key)) paths.push([key])
  for (const path of paths) if (path.length > 0) for (const value of hostileValues()) inputs.push(withAt(sample, path, value))
  // Objects merged above lose an own `__proto__` key to JSON cloning; sent as JSON text makes it.
  inputs.push(JSON.parse(`{"__proto__": {"query": "polluted"}, ${JSON.stringify(sample).slice(1, -1) || '"x": 1'}}`))
  return inputs
}

/**
 * Sends every hostile variant to every route of the contract (`samples` gives a valid input
 * per route, so hostile values get past the fields before them). Returns how many calls were
 * made per route; a call may fail, but must answer.
 */
export async function sendHostileInputs(dispatch: Dispatch, samples: Partial<Record<RouteName, unknown>>): Promise<Map<RouteName, number>> {
  const calls = new Map<RouteName, number>()
  for (const route of ROUTE_NAMES) {
    const inputs = hostileInputsFor(route, samples[route])
    for (const input of inputs) {
      const r = await dispatch(route, input)
      expect(typeof r.ok).toBe('boolean')
    }
    calls.set(route, inputs.length)
  }
  return calls
}

/** No object gained a property, and every read that takes no argument still answers. */
export async function expectUnharmed(dispatch: Dispatch, prototypeKeysBefore: readonly string[]): Promise<void> {
  expect(({} as Record<string, unknown>).query).toBeUndefined()
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeysBefore)
  for (const route of NO_ARGUMENT_READS) {
    const r = await dispatch(route, {})
    expect(r, route).toMatchObject({ ok: true })
  }
}
