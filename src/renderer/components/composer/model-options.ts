// The models a form offers: the catalog's entries (the service's own labels and prices)
// joined with the built-in registry (schemas and true pricing). With no catalog, the
// registry alone. A catalog model the registry does not know is still offered, with a
// free-form JSON editor instead of a generated form.
import type { CatalogEntry, JobKind, Modality, ModelInfo } from '../../../shared/api'
import { familyOf, getModel, listModels } from '../../../shared/api'

export interface ModelOption {
  id: string
  label: string
  description: string
  modality: Modality
  family: string | null
  price: string
  model: ModelInfo | undefined
}

export interface ModelGroup {
  label: string
  options: ModelOption[]
}

function priceOfModel(m: ModelInfo): string {
  const u = m.pricing.unitCost
  switch (m.pricing.mode) {
    case 'flat':
      return `${u} cr`
    case 'per-output':
      return `${u} cr / output`
    case 'per-second':
      return `${u} cr / s`
    case 'per-megapixel':
      return `${u} cr / MP`
  }
}

function priceOfEntry(e: CatalogEntry): string {
  if (e.costMin === undefined) return 'price unknown'
  const range = e.costMax !== undefined && e.costMax !== e.costMin ? `${e.costMin}–${e.costMax}` : `${e.costMin}`
  const unit = e.pricingMode === 'per-second' ? ' / s' : e.pricingMode === 'per-output' ? ' / output' : ''
  return `${range} cr${unit}`
}

const isModality = (m: string): m is Modality => m === 'image' || m === 'video' || m === 'music'

function fromEntry(e: CatalogEntry): ModelOption | null {
  const model = getModel(e.id)
  const modality = model?.modality ?? (isModality(e.modality) ? e.modality : null)
  if (!modality) return null
  return {
    id: e.id,
    label: e.label || model?.label || e.id,
    description: e.description ?? model?.description ?? '',
    modality,
    family: e.family ?? model?.family ?? familyOf(e.id) ?? null,
    price: model ? priceOfModel(model) : priceOfEntry(e),
    model
  }
}

function fromModel(m: ModelInfo): ModelOption {
  return { id: m.id, label: m.label, description: m.description, modality: m.modality, family: m.family, price: priceOfModel(m), model: m }
}

/**
 * Models of the given kinds (and modality). Unknown catalog models are offered only when
 * `allowUnknown` is set: the tools need a known image input field.
 */
export function modelOptions(catalog: CatalogEntry[], kinds: readonly JobKind[], modality: Modality | null, allowUnknown: boolean): ModelOption[] {
  const all = catalog.length > 0 ? catalog.map(fromEntry).filter((o): o is ModelOption => o !== null) : listModels().map(fromModel)
  return all.filter((o) => {
    if (modality && o.modality !== modality) return false
    if (o.model) return kinds.includes(o.model.kind)
    return allowUnknown
  })
}

/** Options grouped by family for the picker; unknown models go last, together. */
export function groupByFamily(options: ModelOption[]): ModelGroup[] {
  const groups = new Map<string, ModelGroup>()
  const other: ModelOption[] = []
  for (const o of options) {
    if (!o.model) {
      other.push(o)
      continue
    }
    const key = o.model.family
    const group = groups.get(key) ?? { label: `${key.toUpperCase()} — ${o.model.description.replace(/ \(character\)$/, '')}`, options: [] }
    group.options.push(o)
    groups.set(key, group)
  }
  const out = [...groups.values()]
  if (other.length > 0) out.push({ label: 'Other models (free-form parameters)', options: other })
  return out
}
