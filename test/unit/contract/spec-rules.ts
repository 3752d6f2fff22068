// A small vocabulary for writing the service's parameter rules as data, and the table
// runner that turns a family's table into accept/reject cases against the envelope parser.
import { describe, expect, it } from 'vitest'
import { parseGenerationRequest, type JobKind, type ValidationDetails } from '../../../src/shared/api'

export type FieldRule =
  | { type: 'enum'; values: readonly string[]; alsoInvalid?: readonly unknown[] }
  | { type: 'int-enum'; values: readonly number[] }
  | { type: 'int'; min?: number; max?: number }
  | { type: 'number'; min: number; max: number }
  | { type: 'string'; max?: number }
  | { type: 'ratio' }
  | { type: 'uri' }
  | { type: 'uri-list'; max?: number; nullable?: boolean }
  | { type: 'boolean' }
  | { type: 'uuid' }

export const oneOf = (values: readonly string[], alsoInvalid: readonly unknown[] = []): FieldRule => ({ type: 'enum', values, alsoInvalid })
export const intOneOf = (...values: number[]): FieldRule => ({ type: 'int-enum', values })
export const int = (min?: number, max?: number): FieldRule => ({ type: 'int', min, max })
export const num = (min: number, max: number): FieldRule => ({ type: 'number', min, max })
export const str = (max?: number): FieldRule => ({ type: 'string', max })
export const ratioPattern: FieldRule = { type: 'ratio' }
export const uri: FieldRule = { type: 'uri' }
export const uris = (max?: number, opts: { nullable?: boolean } = {}): FieldRule => ({ type: 'uri-list', max, nullable: opts.nullable })
export const bool: FieldRule = { type: 'boolean' }
export const uuid: FieldRule = { type: 'uuid' }

export const URL_A = 'https://cdn.example.com/in/a.png'
export const URL_B = 'http://images.example.org/b.jpg?size=large'
export const DATA_URI = 'data:image/png;base64,iVBORw0KGgo='
export const LORA_ID = '3f1c2b7e-9d4a-4c1e-8b2f-6a5d4c3b2a19'
/** One character outside the Basic Multilingual Plane: 2 UTF-16 units, 1 code point. */
export const ASTRAL = '\u{1F600}'

export interface Case {
  label: string
  value: unknown
  /** Suffix of the expected details path after the field's own path (e.g. `.3`). */
  at?: string
}

const show = (v: unknown) => (typeof v === 'string' && v.length > 40 ? `${JSON.stringify(v.slice(0, 12))}… (${[...v].length} chars)` : JSON.stringify(v))
const list = (n: number, bad?: number) => Array.from({ length: n }, (_, i) => (i === bad ? 'not a url' : i % 2 ? URL_B : URL_A))

export function validCases(rule: FieldRule): Case[] {
  switch (rule.type) {
    case 'enum':
      return rule.values.map((v) => ({ label: show(v), value: v }))
    case 'int-enum':
      return rule.values.map((v) => ({ label: show(v), value: v }))
    case 'int': {
      if (rule.min === undefined || rule.max === undefined) return [0, 42, -7, 2147483647].map((v) => ({ label: show(v), value: v }))
      const mid = Math.floor((rule.min + rule.max) / 2)
      return [
        { label: `min ${rule.min}`, value: rule.min },
        { label: `max ${rule.max}`, value: rule.max },
        { label: `middle ${mid}`, value: mid }
      ]
    }
    case 'number': {
      const frac = rule.min + (rule.max - rule.min) / 3
      return [
        { label: `min ${rule.min}`, value: rule.min },
        { label: `max ${rule.max}`, value: rule.max },
        { label: `fraction ${frac}`, value: frac }
      ]
    }
    case 'string':
      if (rule.max === undefined) return [{ label: 'empty', value: '' }, { label: 'text', value: 'anything at all' }]
      return [
        { label: 'empty', value: '' },
        { label: `${rule.max} ASCII characters`, value: 'x'.repeat(rule.max) },
        { label: `${rule.max} astral characters (counted by code point)`, value: ASTRAL.repeat(rule.max) }
      ]
    case 'ratio':
      return ['16:9', '1:1', '21:9', '1024:768'].map((v) => ({ label: show(v), value: v }))
    case 'uri':
      return [URL_A, URL_B, DATA_URI].map((v) => ({ label: show(v), value: v }))
    case 'uri-list': {
      const out: Case[] = [{ label: 'empty list', value: [] }, { label: 'one URL', value: [URL_A] }]
      if (rule.max !== undefined) out.push({ label: `${rule.max} URLs (the limit)`, value: list(rule.max) })
      else out.push({ label: '20 URLs (no limit)', value: list(20) })
      if (rule.nullable) out.push({ label: 'null', value: null })
      return out
    }
    case 'boolean':
      return [{ label: 'true', value: true }, { label: 'false', value: false }]
    case 'uuid':
      return [
        { label: 'v4 uuid', value: LORA_ID },
        { label: 'uuid of any version digits', value: '12345678-1234-1234-1234-123456789012' }
      ]
  }
}

export function invalidCases(rule: FieldRule): Case[] {
  switch (rule.type) {
    case 'enum': {
      const out: Case[] = [
        { label: 'unknown value', value: 'not-a-value' },
        { label: 'a number', value: 1 },
        { label: 'null', value: null },
        { label: 'trailing space', value: `${rule.values[0]} ` }
      ]
      const upper = rule.values.map((v) => v.toUpperCase()).find((v) => !rule.values.includes(v))
      if (upper) out.push({ label: `wrong case ${show(upper)}`, value: upper })
      for (const v of rule.alsoInvalid ?? []) out.push({ label: `value of another family ${show(v)}`, value: v })
      return out
    }
    case 'int-enum': {
      const out: Case[] = []
      for (const v of [0, 3, 6, 7, 9, Math.max(...rule.values) + 1]) {
        if (!rule.values.includes(v) && !out.some((c) => c.value === v)) out.push({ label: `not listed ${v}`, value: v })
      }
      const first = rule.values[0] ?? 1
      out.push({ label: 'the number as a string', value: String(first) }, { label: 'non-integer', value: first + 0.5 })
      return out
    }
    case 'int': {
      const out: Case[] = [{ label: 'a numeric string', value: '7' }, { label: 'a boolean', value: true }]
      if (rule.min === undefined || rule.max === undefined) return [...out, { label: 'non-integer 1.5', value: 1.5 }]
      return [
        ...out,
        { label: `below min ${rule.min - 1}`, value: rule.min - 1 },
        { label: `above max ${rule.max + 1}`, value: rule.max + 1 },
        { label: `non-integer ${rule.min + 0.5}`, value: rule.min + 0.5 }
      ]
    }
    case 'number':
      return [
        { label: `just below min ${rule.min - 0.001}`, value: rule.min - 0.001 },
        { label: `just above max ${rule.max + 0.001}`, value: rule.max + 0.001 },
        { label: 'a numeric string', value: String(rule.min) },
        { label: 'null', value: null }
      ]
    case 'string': {
      const out: Case[] = [{ label: 'a number', value: 5 }, { label: 'null', value: null }]
      if (rule.max !== undefined) {
        out.push(
          { label: `${rule.max + 1} ASCII characters`, value: 'x'.repeat(rule.max + 1) },
          { label: `${rule.max + 1} astral characters`, value: ASTRAL.repeat(rule.max + 1) }
        )
      }
      return out
    }
    case 'ratio':
      return ['16x9', '16:9:1', ' 16:9', '16:9 ', 'wide', '16:', ':9', '1.5:1', '-1:1', '１６:９', 16].map((v) => ({ label: show(v), value: v }))
    case 'uri':
      return ['not a url', '/relative/path.png', 'cdn.example.com/a.png', '', 42].map((v) => ({ label: show(v), value: v }))
    case 'uri-list': {
      const bad = rule.max !== undefined ? Math.min(rule.max, 4) - 1 : 3
      const out: Case[] = [
        { label: 'a single URL instead of a list', value: URL_A },
        { label: `a bad URL at index ${bad}`, value: list(bad + 1, bad), at: `.${bad}` },
        { label: 'a number inside the list at index 0', value: [7], at: '.0' }
      ]
      if (rule.max !== undefined) out.push({ label: `${rule.max + 1} URLs (one over)`, value: list(rule.max + 1) })
      if (!rule.nullable) out.push({ label: 'null', value: null })
      return out
    }
    case 'boolean':
      return [{ label: '"true"', value: 'true' }, { label: '1', value: 1 }, { label: 'null', value: null }]
    case 'uuid':
      return ['not-a-uuid', '3f1c2b7e9d4a4c1e8b2f6a5d4c3b2a19', '3f1c2b7e-9d4a-4c1e-8b2f-6a5d4c3b2a1', '', 7].map((v) => ({ label: show(v), value: v }))
  }
}

export type ParseOutcome = { ok: true } | { ok: false; details: ValidationDetails }

export function parse(body: unknown, kinds?: readonly JobKind[]): ParseOutcome {
  const r = parseGenerationRequest(body, kinds)
  return r.ok ? { ok: true } : { ok: false, details: r.details }
}

export function expectAccepted(body: unknown, kinds?: readonly JobKind[]): void {
  const r = parse(body, kinds)
  expect(r.ok ? null : r.details, `expected ${show(body)} to be accepted`).toBeNull()
}

/** Rejected, with exactly the given paths in `details`. */
export function expectRejectedAt(body: unknown, ...paths: string[]): void {
  const r = parse(body)
  expect(r.ok, `expected ${show(body)} to be rejected`).toBe(false)
  if (!r.ok) {
    expect(Object.keys(r.details).sort()).toEqual([...paths].sort())
    for (const p of paths) expect(r.details[p]?.length).toBeGreaterThan(0)
  }
}

export interface FamilyTable {
  /** Heading of the table, e.g. `I3 (free resolution)`. */
  title: string
  block: string
  models: readonly string[]
  /** Prompt to send, or undefined for envelopes without one. */
  prompt?: string
  /** The block must be present. */
  blockRequired?: boolean
  /** The smallest valid block: its required fields. */
  base?: Record<string, unknown>
  fields: Record<string, FieldRule>
  /** Properties of other families that this block must not take. */
  foreign?: readonly string[]
}

export function body(t: FamilyTable, model: string, block?: Record<string, unknown>): Record<string, unknown> {
  return {
    model,
    ...(t.prompt !== undefined ? { prompt: t.prompt } : {}),
    ...(block !== undefined ? { [t.block]: block } : {})
  }
}

function firstValid(rule: FieldRule): unknown {
  return validCases(rule)[rule.type === 'uri-list' ? 1 : 0]?.value
}

/** Registers the accept/reject cases of one family table. Each case runs on every model. */
export function describeFamily(t: FamilyTable): void {
  const base = t.base ?? {}
  describe(`${t.title}: ${t.block} (${t.models.join(', ')})`, () => {
    it('accepts the minimal request', () => {
      for (const m of t.models) expectAccepted(body(t, m, t.blockRequired ? base : undefined))
    })

    it('accepts an empty or minimal block', () => {
      for (const m of t.models) expectAccepted(body(t, m, { ...base }))
    })

    it('accepts a block with every listed field set at once', () => {
      const full: Record<string, unknown> = { ...base }
      for (const [field, rule] of Object.entries(t.fields)) full[field] = firstValid(rule)
      for (const m of t.models) expectAccepted(body(t, m, full))
    })

    if (t.blockRequired) {
      it(`rejects a request without ${t.block} at path ${t.block}`, () => {
        for (const m of t.models) expectRejectedAt(body(t, m), t.block)
      })
    }

    it.each([['null', null], ['a string', 'x'], ['an array', []]])(`rejects ${t.block} given as %s`, (_label, value) => {
      for (const m of t.models) expectRejectedAt({ ...body(t, m), [t.block]: value }, t.block)
    })

    for (const field of Object.keys(base)) {
      it(`requires ${t.block}.${field}`, () => {
        const rest = { ...base }
        delete rest[field]
        for (const m of t.models) expectRejectedAt(body(t, m, rest), `${t.block}.${field}`)
      })
    }

    it.each<[string, unknown]>([['unknown_field', 1], ...(t.foreign ?? []).map((f): [string, unknown] => [f, 'x'])])(
      `rejects the property %s inside ${t.block} at its own path`,
      (field, value) => {
        for (const m of t.models) expectRejectedAt(body(t, m, { ...base, [field]: value }), `${t.block}.${field}`)
      }
    )

    for (const [field, rule] of Object.entries(t.fields)) {
      const path = `${t.block}.${field}`
      it.each(validCases(rule))(`${path} accepts $label`, (c: Case) => {
        for (const m of t.models) expectAccepted(body(t, m, { ...base, [field]: c.value }))
      })
      it.each(invalidCases(rule))(`${path} rejects $label`, (c: Case) => {
        for (const m of t.models) expectRejectedAt(body(t, m, { ...base, [field]: c.value }), path + (c.at ?? ''))
      })
    }
  })
}
