// The filter bar under the gallery's title: kind of media, model, status, favourites,
// LoRA and date range (boards have their own controls; the sort sits beside the search). Each change asks the library index for a new first page.
import type { LibraryFilters } from '../../stores/library'
import { useLibrary, type ModalityFilter } from '../../stores/library'
import { useLoras } from '../../stores/loras'
import { Select } from '../../ui/Select'
import { Tabs } from '../../ui/Tabs'
import { ColourFilter } from './ColourFilter'
import { usePresentModels } from './use-present-models'
import { TagFilter } from './TagFilter'

const KINDS: { value: ModalityFilter; label: string; testId: string }[] = [
  { value: 'all', label: 'All', testId: 'gallery-filter-all' },
  { value: 'image', label: 'Images', testId: 'gallery-filter-image' },
  { value: 'video', label: 'Videos', testId: 'gallery-filter-video' },
  { value: 'music', label: 'Music', testId: 'gallery-filter-music' }
]

const STATUSES = [
  { value: 'saved', label: 'Saved' },
  { value: 'waiting', label: 'Waiting to save' },
  { value: 'lost', label: 'Lost' }
]

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'cost', label: 'Most credits first' }
]

/** An empty choice clears the filter. */
const orUndefined = (v: string) => (v === '' ? undefined : v)

/** The order of the grid; it sits beside the search, since it narrows nothing. */
export function GallerySort() {
  const sort = useLibrary((s) => s.filters.sort)
  return (
    <Select
      aria-label="Sort"
      data-testid="filter-sort"
      className="filter-select"
      value={sort ?? 'newest'}
      options={SORTS}
      onChange={(v) => useLibrary.getState().setFilters({ sort: v as LibraryFilters['sort'] })}
    />
  )
}

export function GalleryFilters() {
  const filters = useLibrary((s) => s.filters)
  const loras = useLoras((s) => s.items)
  const models = usePresentModels(filters.model)
  const set = (patch: Partial<LibraryFilters>) => useLibrary.getState().setFilters(patch)

  return (
    <div className="gallery-filters" role="group" aria-label="Filters">
      <Tabs label="Show" value={filters.modality ?? 'all'} onChange={(m) => useLibrary.getState().setModality(m)} options={KINDS} />
      <Select aria-label="Model" data-testid="filter-model" className="filter-select" value={filters.model ?? ''} emptyLabel="Any model" options={models} onChange={(v) => set({ model: orUndefined(v) })} />
      <Select
        aria-label="Status"
        data-testid="filter-status"
        className="filter-select"
        value={filters.status ?? ''}
        emptyLabel="Any status"
        options={STATUSES}
        onChange={(v) => set({ status: orUndefined(v) as LibraryFilters['status'] })}
      />
      {loras.length > 0 ? (
        <Select aria-label="LoRA" data-testid="filter-lora" className="filter-select" value={filters.lora ?? ''} emptyLabel="Any LoRA" options={loras.map((l) => ({ value: l.id, label: l.name }))} onChange={(v) => set({ lora: orUndefined(v) })} />
      ) : null}
      <ColourFilter />
      <span className="filter-dates" role="group" aria-label="Completed between">
        <label className="filter-date">
          <span>From</span>
          <input type="date" className="input" data-testid="filter-from" value={filters.from ?? ''} max={filters.to} onChange={(e) => set({ from: orUndefined(e.target.value) })} />
        </label>
        <label className="filter-date">
          <span>to</span>
          <input type="date" className="input" data-testid="filter-to" value={filters.to ?? ''} min={filters.from} onChange={(e) => set({ to: orUndefined(e.target.value) })} />
        </label>
      </span>
      <TagFilter />
    </div>
  )
}
