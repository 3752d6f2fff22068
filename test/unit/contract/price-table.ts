// The service's prices, written out by hand from the published contract: the pricing mode
// of each model as service-spec.md and service-profile.md (Credits) state it, and each
// model's published unit price. Tests compare the app's catalog, its estimates and the
// demo service's charges with this table, never with the registry the code reads, so a
// price changed in the code alone makes them fail.
//
// How a job's cost follows from a row (profile, Credits): `flat` is the price itself;
// `per-output` is the price × the outputs asked in `countField`; `per-second` is the
// price × the seconds asked; U1's `per-megapixel` is the price × the output's megapixels
// (input megapixels × factor², rounded up to whole megapixels), published in the
// catalog as `per-output` (the spec's catalog knows only flat, per-second, per-output).

export type TableMode = 'flat' | 'per-output' | 'per-second' | 'per-megapixel'

export interface PriceRow {
  mode: TableMode
  /** Credits per job, output, second or megapixel. */
  price: number
  /** The block field that counts outputs (per-output only; profile, Credits). */
  countField?: string
}

const flat = (price: number): PriceRow => ({ mode: 'flat', price })
const perOutput = (price: number, countField: string): PriceRow => ({ mode: 'per-output', price, countField })
const perSecond = (price: number): PriceRow => ({ mode: 'per-second', price })

/** Every model of the profile, by id. */
export const PRICES: Readonly<Record<string, PriceRow>> = {
  'i1-1': flat(3),
  'i2-1': flat(12), 'i2-2': flat(12), 'i2-3': flat(12),
  'i3-1': flat(8), 'i3-2': flat(8), 'i3-3': flat(8), 'i3-4': flat(8), 'i3-5': flat(8), 'i3-6': flat(8),
  'i4-1': flat(10), 'i4-2': flat(10), 'i4-3': flat(10), 'i4-4': flat(10), 'i4-5': flat(10),
  'i5-1': flat(9), 'i5-2': flat(9), 'i5-3': flat(9), 'i5-4': flat(9), 'i5-5': flat(9), 'i5-6': flat(9), 'i5-7': flat(9),
  'i5-character': flat(9),
  'i6-1': flat(6), 'i6-2': flat(6), 'i6-3': flat(6), 'i6-4': flat(6), 'i6-5': flat(6),
  'i7-1': flat(8), 'i7-2': flat(8),
  'i8-1': perOutput(7, 'number_of_images'),
  'i9-1': perOutput(5, 'number_of_images'),
  'i10-1': perOutput(4, 'n'),
  'i11-1': perOutput(4, 'num_images'),
  'i12-1': flat(5), 'i12-2': flat(5),
  'i13-1': flat(5),
  'i14-1': flat(6), 'i14-2': flat(6),
  'i15-1': flat(5),
  'i16-1': flat(16),
  'i17-1': perOutput(6, 'num_outputs'),
  // Spec: "Upscaling with U1 is priced per megapixel; U2 has a flat price."
  'u1-1': { mode: 'per-megapixel', price: 2 },
  'u2-1': flat(20),
  'e1-1': flat(10),
  'b1-1': flat(2),
  'b2-1': flat(3),
  'v1-1': perSecond(10),
  'v2-1': perSecond(28),
  'v3-1': perSecond(7),
  'v4-1': perSecond(14),
  'v5-1': perSecond(20),
  'v6-1': perSecond(15), 'v6-2': perSecond(15),
  'v7-1': perSecond(9), 'v7-2': perSecond(9), 'v7-3': perSecond(9),
  'v8-1': perSecond(12),
  'm1-1': perSecond(1), 'm1-2': perSecond(1)
}

/** The pricing mode the catalog publishes for a row (the spec's three values). */
export function catalogMode(row: PriceRow): 'flat' | 'per-output' | 'per-second' {
  return row.mode === 'per-megapixel' ? 'per-output' : row.mode
}

export type LegacyModelId = 'lv-a' | 'lv-b' | 'lv-c'
export type LegacyResolution = '480p' | '720p' | '1080p'
export const LEGACY_DURATIONS = [4, 8, 12] as const

/** The spec's legacy cost table: model -> resolution -> [4 s, 8 s, 12 s]; null where "unavailable". */
export const LEGACY_PRICES: Readonly<Record<LegacyModelId, Record<LegacyResolution, readonly [number, number, number] | null>>> = {
  'lv-a': { '480p': [4, 8, 12], '720p': [8, 16, 24], '1080p': [16, 32, 48] },
  'lv-b': { '480p': [28, 56, 84], '720p': [60, 120, 180], '1080p': null },
  'lv-c': { '480p': [24, 48, 72], '720p': [52, 104, 156], '1080p': null }
}

/** A legacy request's credits: the table's cell, doubled with audio (spec); null where unavailable. */
export function legacyPrice(model: LegacyModelId, resolution: LegacyResolution, duration: 4 | 8 | 12, audio: boolean): number | null {
  const row = LEGACY_PRICES[model][resolution]
  if (!row) return null
  const base = row[LEGACY_DURATIONS.indexOf(duration)] ?? null
  return base === null ? null : audio ? base * 2 : base
}
