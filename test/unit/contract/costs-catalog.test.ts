// Credits (profile: Credits) and the public catalog: every pricing mode over the whole range
// of its count or duration, priced from the hand-written table of published prices
// (price-table.ts), never from the registry the code reads.
import { describe, expect, it } from 'vitest'
import {
  buildCatalog, catalogSchema, estimateCost, parseGenerationRequest, type CatalogEntry, type CostContext
} from '../../../src/shared/api'
import { catalogMode, PRICES, type PriceRow } from './price-table'
import { URL_A } from './spec-rules'
import { minimalRequest } from '../support/minimal-requests'

const catalog = buildCatalog()
const entry = (id: string): CatalogEntry & { defaultDurationSeconds?: number } => {
  const e = catalog.models.find((m) => m.id === id)
  if (!e) throw new Error(`no catalog entry ${id}`)
  return e
}

function estimate(body: Record<string, unknown>, ctx?: CostContext): number {
  const r = parseGenerationRequest(body)
  if (!r.ok) throw new Error(`invalid request ${JSON.stringify(r.details)}`)
  const credits = estimateCost(r.model, r.request, ctx).credits
  expect(Number.isInteger(credits)).toBe(true)
  return credits
}

const P = 'a paper boat in the rain'

/** Models priced per output, the block field that counts outputs, and its range (spec). */
const PER_OUTPUT: [string, string, string, number][] = [
  ['i8-1', 'i8Params', 'number_of_images', 10],
  ['i9-1', 'i9Params', 'number_of_images', 10],
  ['i10-1', 'i10Params', 'n', 4],
  ['i11-1', 'i11Params', 'num_images', 4],
  ['i17-1', 'i17Params', 'num_outputs', 4]
]

/** Video models and every duration their block accepts (spec), and music (profile). */
const V5_DURATIONS = Array.from({ length: 13 }, (_, i) => i + 3)
const PER_SECOND: [string, string, string, number[]][] = [
  ['v1-1', 'v1Params', 'duration', [5, 10]],
  ['v2-1', 'v2Params', 'duration', [5, 10]],
  ['v3-1', 'v3Params', 'duration', [5, 10]],
  ['v4-1', 'v4Params', 'duration', [5, 10]],
  ['v5-1', 'v5Params', 'duration', V5_DURATIONS],
  ['v6-1', 'v6Params', 'duration', [4, 8, 10, 12, 15]],
  ['v6-2', 'v6Params', 'duration', [4, 8, 10, 12, 15]],
  ['v7-1', 'v7Params', 'duration', [5, 10]],
  ['v7-2', 'v7Params', 'duration', [5, 10]],
  ['v7-3', 'v7Params', 'duration', [5, 10]],
  ['v8-1', 'v8Params', 'duration', [4, 8, 12]],
  ['m1-1', 'm1Params', 'duration_seconds', [5, 6, 30, 120, 239, 240]],
  ['m1-2', 'm1Params', 'duration_seconds', [5, 240]]
]

/** The minimal valid request of a model (its prompt and required block). */
const minimal = (id: string): Record<string, unknown> => minimalRequest(id, P)

const FAMILY_OF = (id: string) => id.split('-')[0]!
/** A model's published unit price. */
const priceOf = (id: string): number => {
  const row: PriceRow | undefined = PRICES[id]
  if (!row) throw new Error(`no published price for ${id}`)
  return row.price
}
const PROFILE_IDS = [
  'i1-1', 'i2-1', 'i2-2', 'i2-3', 'i3-1', 'i3-2', 'i3-3', 'i3-4', 'i3-5', 'i3-6', 'i4-1', 'i4-2', 'i4-3', 'i4-4', 'i4-5',
  'i5-1', 'i5-2', 'i5-3', 'i5-4', 'i5-5', 'i5-6', 'i5-7', 'i5-character', 'i6-1', 'i6-2', 'i6-3', 'i6-4', 'i6-5',
  'i7-1', 'i7-2', 'i8-1', 'i9-1', 'i10-1', 'i11-1', 'i12-1', 'i12-2', 'i13-1', 'i14-1', 'i14-2', 'i15-1', 'i16-1', 'i17-1',
  'u1-1', 'u2-1', 'e1-1', 'b1-1', 'b2-1', 'v1-1', 'v2-1', 'v3-1', 'v4-1', 'v5-1', 'v6-1', 'v6-2', 'v7-1', 'v7-2', 'v7-3',
  'v8-1', 'm1-1', 'm1-2'
]
const PER_OUTPUT_IDS = new Set(PER_OUTPUT.map(([id]) => id))
const PER_SECOND_IDS = new Set(PER_SECOND.map(([id]) => id))
const FLAT_IDS = PROFILE_IDS.filter((id) => !PER_OUTPUT_IDS.has(id) && !PER_SECOND_IDS.has(id) && id !== 'u1-1')

describe('catalog', () => {
  it('parses as the spec catalog: {models: [entry]}', () => {
    expect(catalogSchema.safeParse(catalog).success).toBe(true)
  })
  it('has the 60 models of the profile', () => {
    expect(PROFILE_IDS).toHaveLength(60)
    expect(catalog.models.map((m) => m.id).sort()).toEqual([...PROFILE_IDS].sort())
  })
  it('sorts the models into the modes the price table gives them', () => {
    const modes = (mode: string) => Object.keys(PRICES).filter((id) => PRICES[id]?.mode === mode).sort()
    expect(modes('per-output')).toEqual([...PER_OUTPUT_IDS].sort())
    expect(modes('per-second')).toEqual([...PER_SECOND_IDS].sort())
    expect(modes('per-megapixel')).toEqual(['u1-1'])
    expect(modes('flat')).toEqual([...FLAT_IDS].sort())
  })
  it.each(PROFILE_IDS)('%s has label, modality, family, and its published pricing mode and price', (id) => {
    const e = entry(id)
    expect(typeof e.label).toBe('string')
    expect(e.label.length).toBeGreaterThan(0)
    expect(e.family).toBe(FAMILY_OF(id))
    expect(e.modality).toBe(id.startsWith('v') ? 'video' : id.startsWith('m') ? 'music' : 'image')
    expect(e).toMatchObject({ pricingMode: catalogMode(PRICES[id] as PriceRow), costMin: priceOf(id), costMax: priceOf(id) })
  })
  it('i5-character is of family i5', () => expect(entry('i5-character').family).toBe('i5'))
  it('upscale, edit and background-removal models have modality image', () => {
    for (const id of ['u1-1', 'u2-1', 'e1-1', 'b1-1', 'b2-1']) expect(entry(id).modality).toBe('image')
  })
  it.each(FLAT_IDS)('%s is flat and charges its price', (id) => {
    expect(entry(id).pricingMode).toBe('flat')
    expect(estimate(minimal(id))).toBe(priceOf(id))
  })
  it.each([...PER_OUTPUT_IDS])('%s is per-output; a default request (1 output) costs its price', (id) => {
    expect(entry(id).pricingMode).toBe('per-output')
    expect(estimate(minimal(id))).toBe(priceOf(id))
  })
  it.each(PER_SECOND)('%s is per-second; a default request costs price × its default duration, which %s.%s accepts', (id, block, field, durations) => {
    const e = entry(id)
    expect(e.pricingMode).toBe('per-second')
    const d = e.defaultDurationSeconds
    expect(typeof d).toBe('number')
    if (id.startsWith('m')) {
      expect(d).toBeGreaterThanOrEqual(5)
      expect(d).toBeLessThanOrEqual(240)
    } else {
      expect(durations).toContain(d)
    }
    expect(estimate(minimal(id))).toBe(priceOf(id) * d!)
    expect(estimate({ ...minimal(id), [block]: { [field]: d } })).toBe(estimate(minimal(id)))
  })
  it('U1 is priced per output megapixel, published as per-output with the unit named', () => {
    const e = entry('u1-1') as CatalogEntry & { pricingUnit?: string }
    expect(e.pricingMode).toBe('per-output')
    expect(e.pricingUnit).toBe('megapixel')
  })
  it('U2 has a flat price', () => expect(entry('u2-1').pricingMode).toBe('flat'))
})

describe('per-output costs: price × outputs asked', () => {
  it.each(PER_OUTPUT)('%s counts %s.%s (1..%i)', (id, block, field, max) => {
    const price = priceOf(id)
    const base = minimal(id)
    const own = (base[block] as Record<string, unknown> | undefined) ?? {}
    for (let n = 1; n <= max; n++) expect(estimate({ ...base, [block]: { ...own, [field]: n } })).toBe(price * n)
  })
  it('a model without a count field costs the same however its block is set', () => {
    expect(estimate({ model: 'i16-1', prompt: P, i16Params: { seed: 5, aspect_ratio: '16:9' } })).toBe(priceOf('i16-1'))
    expect(estimate({ model: 'u2-1', u2Params: { image: URL_A, scale_factor: 8 } })).toBe(priceOf('u2-1'))
  })
})

describe('per-second costs: price × duration', () => {
  it.each(PER_SECOND)('%s charges %s.%s seconds', (id, block, field, durations) => {
    const price = priceOf(id)
    for (const d of durations) expect(estimate({ ...minimal(id), [block]: { [field]: d } })).toBe(price * d)
  })
})

describe('U1: price per output megapixel = input MP × factor²', () => {
  const price = () => priceOf('u1-1')
  it.each([[1, 1], [2, 4], [4, 16], [6, 36]])('factor %i on a 1 MP input is %i MP', (factor, mp) => {
    expect(estimate({ model: 'u1-1', u1Params: { image: URL_A, upscale_factor: factor } }, { inputMegapixels: 1 })).toBe(price() * mp)
  })
  it.each([[1, 2], [2, 8], [4, 32], [6, 72]])('factor %i on a 2 MP input is %i MP', (factor, mp) => {
    expect(estimate({ model: 'u1-1', u1Params: { image: URL_A, upscale_factor: factor } }, { inputMegapixels: 2 })).toBe(price() * mp)
  })
  it('charges whole megapixels, rounding up', () => {
    expect(estimate({ model: 'u1-1', u1Params: { image: URL_A, upscale_factor: 2 } }, { inputMegapixels: 1.5 })).toBe(price() * 6)
    expect(estimate({ model: 'u1-1', u1Params: { image: URL_A, upscale_factor: 1 } }, { inputMegapixels: 0.3 })).toBe(price() * 1)
  })
  it('a request without upscale_factor is priced as factor 2 (on a 1 MP input when the size is unknown)', () => {
    expect(estimate(minimal('u1-1'))).toBe(price() * 4)
  })
})
