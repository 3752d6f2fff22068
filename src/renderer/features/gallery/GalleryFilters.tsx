// The filter row under the gallery's title: kind of media, favourites and boards, smart
// collections, tags and colour, with model, status, LoRA and dates behind Filters (the sort
// sits beside the search). Each change asks the library index for a new first page.
import type { LibraryFilters } from '../../stores/library'
import { useLibrary, type ModalityFilter } from '../../stores/library'
import { useLoras } from '../../stores/loras'
import { Select } from '../../ui/Select'
import { Tabs } from '../../ui/Tabs'
import { ColourFilter } from './ColourFilter'
import { usePresentModels } from './use-present-models'
import { TagFilter } from './TagFilter'
import { BoardControls } from './BoardControls'
import { SmartCollections } from './SmartCollections'
import { ToolbarPopover } from './ToolbarPopover'
import type { ReactNode } from 'react'
import { useTranslation } from '../../i18n/page-i18n'

const KINDS: { value: ModalityFilter; testId: string }[] = [
  { value: 'all', testId: 'gallery-filter-all' },
  { value: 'image', testId: 'gallery-filter-image' },
  { value: 'video', testId: 'gallery-filter-video' },
  { value: 'music', testId: 'gallery-filter-music' }
]

const STATUSES = ['saved', 'waiting', 'lost'] as const
const SORTS = ['newest', 'oldest', 'cost'] as const

/** An empty choice clears the filter. */
const orUndefined = (v: string) => (v === '' ? undefined : v)

/** The order of the grid; it sits beside the search, since it narrows nothing. */
export function GallerySort() {
  const { t } = useTranslation()
  const sort = useLibrary((s) => s.filters.sort)
  return (
    <Select
      aria-label={t('gallery:filters.sort')}
      data-testid="filter-sort"
      className="filter-select"
      value={sort ?? 'newest'}
      options={SORTS.map((value) => ({ value, label: t(`gallery:filters.sorts.${value}`) }))}
      onChange={(v) => useLibrary.getState().setFilters({ sort: v as LibraryFilters['sort'] })}
    />
  )
}

/** How many of the panel's filters are set: shown on its button while it is closed. */
function secondaryCount(f: LibraryFilters): number {
  return [f.model, f.status, f.lora, f.from ?? f.to].filter((v) => v !== undefined && v !== '').length
}

/** The filters used less often, in the Filters panel: model, status, LoRA and dates. */
function SecondaryFilters() {
  const { t } = useTranslation()
  const filters = useLibrary((s) => s.filters)
  const loras = useLoras((s) => s.items)
  const models = usePresentModels(filters.model)
  const set = (patch: Partial<LibraryFilters>) => useLibrary.getState().setFilters(patch)
  return (
    <>
      <Select aria-label={t('gallery:filters.model')} data-testid="filter-model" className="filter-select" value={filters.model ?? ''} emptyLabel={t('gallery:filters.anyModel')} options={models} onChange={(v) => set({ model: orUndefined(v) })} />
      <Select
        aria-label={t('gallery:filters.status')}
        data-testid="filter-status"
        className="filter-select"
        value={filters.status ?? ''}
        emptyLabel={t('gallery:filters.anyStatus')}
        options={STATUSES.map((value) => ({ value, label: t(`gallery:filters.statuses.${value}`) }))}
        onChange={(v) => set({ status: orUndefined(v) as LibraryFilters['status'] })}
      />
      {loras.length > 0 ? (
        <Select aria-label={t('gallery:filters.lora')} data-testid="filter-lora" className="filter-select" value={filters.lora ?? ''} emptyLabel={t('gallery:filters.anyLora')} options={loras.map((l) => ({ value: l.id, label: l.name }))} onChange={(v) => set({ lora: orUndefined(v) })} />
      ) : null}
      <span className="filter-dates" role="group" aria-label={t('gallery:filters.dates')}>
        <label className="filter-date">
          <span>{t('gallery:filters.from')}</span>
          <input type="date" className="input" data-testid="filter-from" value={filters.from ?? ''} max={filters.to} onChange={(e) => set({ from: orUndefined(e.target.value) })} />
        </label>
        <label className="filter-date">
          <span>{t('gallery:filters.to')}</span>
          <input type="date" className="input" data-testid="filter-to" value={filters.to ?? ''} min={filters.from} onChange={(e) => set({ to: orUndefined(e.target.value) })} />
        </label>
      </span>
    </>
  )
}

/**
 * The gallery's one filter row, wrapping only when the window is narrow: the kind of media,
 * favourites and boards, smart collections, tags and colour in sight; model, status, LoRA
 * and dates behind Filters; the boards' file and Duplicates at its end.
 */
export function GalleryFilters({ end }: { end?: ReactNode }) {
  const { t } = useTranslation()
  const filters = useLibrary((s) => s.filters)
  const set = secondaryCount(filters)
  return (
    <div className="gallery-filters" role="group" aria-label={t('gallery:filters.label')}>
      <Tabs label={t('gallery:filters.show')} value={filters.modality ?? 'all'} onChange={(m) => useLibrary.getState().setModality(m)} options={KINDS.map((k) => ({ ...k, label: t(`gallery:filters.kinds.${k.value}`) }))} />
      <BoardControls />
      <SmartCollections />
      <TagFilter />
      <ColourFilter />
      <ToolbarPopover label={set > 0 ? t('gallery:filters.moreSet', { count: set }) : t('gallery:filters.more')} panelLabel={t('gallery:filters.more')} testId="filters-more" active={set > 0}>
        <SecondaryFilters />
      </ToolbarPopover>
      {end ? <span className="gallery-filters-end">{end}</span> : null}
    </div>
  )
}
