// What the model palette lists: every model the app can run (the tools included), with
// its modality, task and price range, searched by words and ordered favourites first,
// then the recent ones, then the rest in the catalog's order.
import type { CatalogEntry, JobKind, ModelInfo } from '../../../shared/api'
import { t } from '../../i18n/page-i18n'
import { fieldsOf } from '../../forms/field-spec'
import { modelOptions, optionPrice, type ModelOption } from '../../components/composer/model-options'

export interface PaletteEntry {
  option: ModelOption
  /** Null for a catalog model the registry does not know (it is run from Create). */
  kind: JobKind | null
  task: string
  priceRange: string
}

const ALL_KINDS: readonly JobKind[] = ['image', 'upscale', 'edit', 'background', 'video', 'music']


/** The lowest and highest values a numeric or numeric-choice field takes. */
function bounds(model: ModelInfo, key: string): [number, number] | null {
  const f = fieldsOf(model.block, model.blockName).find((x) => x.key === key)
  if (!f) return null
  const nums = (f.options ?? []).filter((o): o is number => typeof o === 'number')
  if (nums.length > 0) return [Math.min(...nums), Math.max(...nums)]
  return f.min !== undefined && f.max !== undefined ? [f.min, f.max] : null
}

const span = (unit: number, b: [number, number] | null) => (b && b[1] > b[0] ? t('palette:price.range', { min: unit * b[0], max: unit * b[1] }) : null)

/** What a job of this model can cost, from the cheapest request to the dearest. */
function priceRange(option: ModelOption): string {
  const m = option.model
  if (!m) return optionPrice(option)
  const u = m.pricing.unitCost
  switch (m.pricing.mode) {
    case 'flat':
      return t('palette:price.flat', { unit: u })
    case 'per-output': {
      const range = span(u, m.countField ? bounds(m, m.countField) : null)
      return range ? t('palette:price.perOutput', { range, unit: u }) : optionPrice(option)
    }
    case 'per-second': {
      const range = span(u, bounds(m, m.modality === 'music' ? 'duration_seconds' : 'duration'))
      return range ? t('palette:price.perSecond', { range, unit: u }) : optionPrice(option)
    }
    case 'per-megapixel':
      return t('palette:price.perMegapixel', { unit: u })
  }
}

export function paletteEntries(catalog: CatalogEntry[]): PaletteEntry[] {
  return modelOptions(catalog, ALL_KINDS, null, true).map((option) => {
    const kind = option.model?.kind ?? null
    return { option, kind, task: kind ? t(`palette:task.${kind}`) : t('palette:task.freeform', { modality: option.modality }), priceRange: priceRange(option) }
  })
}

function haystack(e: PaletteEntry): string {
  const o = e.option
  return [o.id, o.label, o.description, o.modality, o.family ?? '', e.task].join(' ').toLowerCase()
}

/** Entries holding every word of the query, favourites first, then recent, then the rest. */
export function searchPalette(entries: PaletteEntry[], query: string, favorites: string[], recent: string[]): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const found = entries.filter((e) => {
    const text = haystack(e)
    return words.every((w) => text.includes(w))
  })
  const rank = (id: string) => {
    const f = favorites.indexOf(id)
    if (f >= 0) return f
    const r = recent.indexOf(id)
    return r >= 0 ? 1000 + r : 2000
  }
  // A stable sort keeps the catalog's order within each rank.
  return found.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e.option.id) - rank(b.e.option.id) || a.i - b.i).map(({ e }) => e)
}

