// The public model catalog, derived from the registry with true prices and a `family`.
import type { CatalogEntry } from './resources'
import { listModels, type ModelInfo } from './models'
import { DEFAULT_VIDEO_SECONDS } from './families/video'
import { DEFAULT_MUSIC_SECONDS } from './families/music'

/**
 * `pricingMode` keeps to the spec's three values: U1's megapixels are its "outputs", with
 * the extra field `pricingUnit` saying so. `costMin`/`costMax` are the unit price.
 */
export function catalogEntry(m: ModelInfo): CatalogEntry {
  const mode = m.pricing.mode === 'per-megapixel' ? 'per-output' : m.pricing.mode
  const unit = m.pricing.mode === 'per-megapixel' ? 'megapixel' : m.pricing.mode === 'per-second' ? 'second' : m.pricing.mode === 'per-output' ? 'output' : 'job'
  return {
    id: m.id,
    label: m.label,
    modality: m.modality,
    description: m.description,
    pricingMode: mode,
    costMin: m.pricing.unitCost,
    costMax: m.pricing.unitCost,
    family: m.family,
    pricingUnit: unit,
    ...(m.modality === 'video' ? { defaultDurationSeconds: DEFAULT_VIDEO_SECONDS[m.family] } : {}),
    ...(m.modality === 'music' ? { defaultDurationSeconds: DEFAULT_MUSIC_SECONDS } : {})
  }
}

export function buildCatalog(): { models: CatalogEntry[] } {
  return { models: listModels().map(catalogEntry) }
}
