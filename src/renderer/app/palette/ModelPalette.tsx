// Every model in one searchable list, opened with Ctrl/Cmd+K from any view or its button: each with its
// modality, task, price range and description; starred and recent models first. Arrow
// keys move through the list from the search box, Enter opens the model where it runs.
import { useMemo, useState, type KeyboardEvent } from 'react'
import { useCatalog } from '../../stores/catalog'
import { useModelPrefs } from '../../stores/model-prefs'
import { usePalette } from '../../stores/palette'
import { Dialog } from '../../ui/Dialog'
import { useTranslation } from '../../i18n/page-i18n'
import { PaletteActions } from './PaletteActions'
import { chooseModel } from './choose-model'
import { paletteEntries, searchPalette, type PaletteEntry } from './palette-entries'

function PaletteRow({ entry, active, favorite, recent, onChoose }: { entry: PaletteEntry; active: boolean; favorite: boolean; recent: boolean; onChoose(): void }) {
  const { option } = entry
  const { t } = useTranslation()
  return (
    <li className={`palette-row${active ? ' is-active' : ''}`} data-testid="palette-row" data-model={option.id}>
      <button type="button" className="palette-choose" onClick={onChoose} aria-current={active || undefined} id={`palette-${option.id}`}>
        <span className="palette-title">
          <strong>{option.label}</strong> <code>{option.id}</code>
          {recent && !favorite ? <span className="tag">{t('palette:recent')}</span> : null}
        </span>
        <span className="palette-meta">
          <span className="tag tag-info">{t(`palette:modality.${option.modality}`)}</span> <span>{entry.task}</span> · <span data-testid="palette-price">{entry.priceRange}</span>
        </span>
        <span className="palette-desc">{option.description || t('palette:noDescription')}</span>
      </button>
      <button
        type="button"
        className={`icon-btn palette-star${favorite ? ' is-on' : ''}`}
        aria-pressed={favorite}
        aria-label={t('palette:favourite', { model: option.label })}
        onClick={() => useModelPrefs.getState().toggleFavorite(option.id)}
      >
        {favorite ? '★' : '☆'}
      </button>
    </li>
  )
}

function PaletteDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation()
  const catalog = useCatalog((s) => s.models)
  const { favorites, recent } = useModelPrefs()
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const all = useMemo(() => paletteEntries(catalog), [catalog])
  const shown = searchPalette(all, query, favorites, recent)
  const current = Math.min(active, Math.max(shown.length - 1, 0))

  const choose = (entry: PaletteEntry | undefined) => {
    if (!entry) return
    chooseModel(entry)
    onClose()
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const next = (current + (e.key === 'ArrowDown' ? 1 : -1) + shown.length) % Math.max(shown.length, 1)
      setActive(next)
      document.getElementById(`palette-${shown[next]?.option.id ?? ''}`)?.scrollIntoView({ block: 'nearest' })
    } else if (e.key === 'Enter') {
      e.preventDefault()
      choose(shown[current])
    }
  }

  return (
    <Dialog open title={t('palette:title')} onClose={onClose} size="lg" testId="model-palette" initialFocusId="palette-search" closeLabel={t('palette:close')}>
      <input
        id="palette-search"
        className="input"
        type="search"
        placeholder={t('palette:search.placeholder')}
        aria-label={t('palette:search.label')}
        aria-controls="palette-list"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
        }}
        onKeyDown={onKey}
        data-testid="palette-search"
      />
      <p className="muted list-count" aria-live="polite">
        {t('palette:count', { shown: shown.length, count: all.length })}
      </p>
      <PaletteActions query={query} onChosen={onClose} />
      <ul className="row-list palette-list" id="palette-list" aria-label={t('palette:title')}>
        {shown.map((entry, i) => (
          <PaletteRow
            key={entry.option.id}
            entry={entry}
            active={i === current}
            favorite={favorites.includes(entry.option.id)}
            recent={recent.includes(entry.option.id)}
            onChoose={() => choose(entry)}
          />
        ))}
      </ul>
    </Dialog>
  )
}

/** The palette, when open; mounted once for the whole app. */
export function ModelPalette() {
  const open = usePalette((s) => s.open)
  return open ? <PaletteDialog onClose={() => usePalette.getState().setOpen(false)} /> : null
}
