// The models a form offers: the catalog's entries (the service's own labels and prices)
// joined with the built-in registry (schemas and true pricing). With no catalog, the
// registry alone. A catalog model the registry does not know is still offered, with a
// free-form JSON editor instead of a generated form.
import type { CatalogEntry, JobKind, Modality, ModelInfo } from '../../../shared/api'
import { familyOf, getModel, listModels } from '../../../shared/api'
import type create from '../../../shared/i18n/locales/en/create.json'
import { t } from '../../i18n/page-i18n'

export interface ModelOption {
  id: string
  label: string
  description: string
  modality: Modality
  family: string | null
  /** What the catalog says a job costs, for a model the app does not know. */
  catalogPrice: Pick<CatalogEntry, 'costMin' | 'costMax' | 'pricingMode'> | null
  model: ModelInfo | undefined
}

export interface ModelGroup {
  label: string
  options: ModelOption[]
}

function withUnit(price: string, mode: string | undefined): string {
  switch (mode) {
    case 'per-output':
      return t('create:modelPrice.perOutput', { price })
    case 'per-second':
      return t('create:modelPrice.perSecond', { price })
    case 'per-megapixel':
      return t('create:modelPrice.perMegapixel', { price })
    default:
      return price
  }
}

/** What one job of the model costs, with its unit, in the page's language ("3 cr / output"). */
export function optionPrice(o: ModelOption): string {
  if (o.model) return withUnit(t('create:modelPrice.amount', { min: o.model.pricing.unitCost }), o.model.pricing.mode)
  const p = o.catalogPrice
  if (p?.costMin === undefined) return t('create:modelPrice.unknown')
  const price = p.costMax !== undefined && p.costMax !== p.costMin ? t('create:modelPrice.range', { min: p.costMin, max: p.costMax }) : t('create:modelPrice.amount', { min: p.costMin })
  return withUnit(price, p.pricingMode)
}

type FamilyKey = keyof typeof create.family

/**
 * What the model is, in the page's language for a model the app knows; the catalog's own
 * words (the service's, in English) for one it does not, which is shown as it is.
 */
export function optionDescription(o: ModelOption): { text: string; ours: boolean } {
  if (!o.model) return { text: o.description, ours: false }
  const text = t(`create:family.${o.model.family as FamilyKey}`)
  return { text: o.id.endsWith('-character') ? t('create:model.character', { description: text }) : text, ours: true }
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
    catalogPrice: model ? null : { costMin: e.costMin, costMax: e.costMax, pricingMode: e.pricingMode },
    model
  }
}

function fromModel(m: ModelInfo): ModelOption {
  return { id: m.id, label: m.label, description: m.description, modality: m.modality, family: m.family, catalogPrice: null, model: m }
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
    const group = groups.get(key) ?? { label: t('create:model.group', { family: key.toUpperCase(), description: t(`create:family.${key as FamilyKey}`) }), options: [] }
    group.options.push(o)
    groups.set(key, group)
  }
  const out = [...groups.values()]
  if (other.length > 0) out.push({ label: t('create:model.otherGroup'), options: other })
  return out
}
