// A value read from a file reaches the form only when the model's own schema takes it: the
// family's zod schema refuses NaN, infinities, integers past the safe range, numbers out of
// bounds and numbers written as text, which the form's JSON Schema bounds cannot all say.
import { describe, expect, it } from 'vitest'
import { blockJsonSchema } from '../../../src/shared/api/block-json-schema'
import { modelTakesValue } from '../../../src/shared/api/field-value'
import { getModel, listModels } from '../../../src/shared/api'

const i34 = getModel('i3-4')!

interface Property {
  enum?: unknown[]
  minimum?: number
  anyOf?: Property[]
}

/** Values one of which any parameter takes: its first option, its least number, and plain values of each kind. */
function samplesOf(property: Property): unknown[] {
  const nested = (property.anyOf ?? []).flatMap(samplesOf)
  const url = 'https://example.com/a.png'
  const uuid = '3f2b8c1e-9a4d-4e6b-8c2f-1a2b3c4d5e6f'
  return [...(property.enum ?? []), property.minimum, ...nested, '1:1', 'x', 1, true, url, [url], uuid, null].filter((v) => v !== undefined)
}

describe('modelTakesValue', () => {
  it('knows every parameter of every model, so no valid value is refused for want of its schema', () => {
    for (const model of listModels()) {
      const properties = (blockJsonSchema(model.block) as { properties?: Record<string, Property> }).properties ?? {}
      expect(Object.keys(properties).length, model.id).toBeGreaterThan(0)
      for (const [key, property] of Object.entries(properties)) {
        expect(samplesOf(property).some((v) => modelTakesValue(model, key, v)), `${model.id}.${key}`).toBe(true)
      }
    }
  })

  it('takes what the model takes', () => {
    expect(modelTakesValue(i34, 'steps', 12)).toBe(true)
    expect(modelTakesValue(i34, 'guidance', 3.5)).toBe(true)
    expect(modelTakesValue(i34, 'seed', 42)).toBe(true)
    expect(modelTakesValue(i34, 'seed', 0)).toBe(true)
  })

  it('refuses look-alike numbers and values outside the bounds', () => {
    for (const value of ['1e309', 'NaN', '0x10', '  12 ', '12', NaN, Infinity, -Infinity, 51, 0, 12.5, undefined]) {
      expect(modelTakesValue(i34, 'steps', value), String(value)).toBe(false)
    }
    for (const value of [-1e23, 2 ** 53, 1.5, 'Infinity', NaN]) expect(modelTakesValue(i34, 'seed', value), String(value)).toBe(false)
    for (const value of [Number.MAX_VALUE, 1e308, 10.5, 1, 'NaN']) expect(modelTakesValue(i34, 'guidance', value), String(value)).toBe(false)
  })

  it('refuses a parameter the model does not have, and the prototype\'s names', () => {
    expect(modelTakesValue(i34, 'num_inference_steps', 12)).toBe(false)
    for (const key of ['__proto__', 'constructor', 'toString']) expect(modelTakesValue(i34, key, 1)).toBe(false)
  })
})
