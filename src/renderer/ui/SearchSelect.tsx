// One choice among many, found by typing: an ARIA combobox over a list box. Typing narrows
// the list; arrows move, Enter picks, Escape and leaving the box keep the choice as it was.
// Only the listed values can be chosen, so a typo never becomes a value.
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '../i18n/page-i18n'
import type { SelectOption } from './Select'

interface SearchSelectProps {
  id: string
  value: string
  options: SelectOption[]
  onChange(value: string): void
  /** Label of the empty choice ('' as value), listed first; none when not given. */
  emptyLabel?: string
  /** Shown while nothing is chosen and there is no empty choice (e.g. "Choose…"). */
  placeholder?: string
  invalid?: boolean
  describedBy?: string
}

/** The choices containing the query, those that start with it first ("16" finds 16:9 before 9:16). */
function matching(options: SelectOption[], query: string): SelectOption[] {
  const q = query.trim().toLowerCase()
  if (!q) return options
  const found = options.filter((o) => o.label.toLowerCase().includes(q))
  return [...found.filter((o) => o.label.toLowerCase().startsWith(q)), ...found.filter((o) => !o.label.toLowerCase().startsWith(q))]
}

function SearchSelectList({ listId, shown, active, value, onChoose }: { listId: string; shown: SelectOption[]; active: number; value: string; onChoose: (o: SelectOption) => void }) {
  const { t } = useTranslation()
  return (
    <ul id={listId} role="listbox" className="search-select-list">
      {shown.length === 0 ? <li className="search-select-empty muted">{t('common:kit.searchSelect.noMatch')}</li> : null}
      {shown.map((o, i) => (
        <li
          key={o.value}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={o.value === value}
          className={`search-select-option${i === active ? ' is-active' : ''}`}
          // Chosen before the box loses focus, which would close the list first.
          onMouseDown={(e) => {
            e.preventDefault()
            onChoose(o)
          }}
        >
          {o.label}
        </li>
      ))}
    </ul>
  )
}

export function SearchSelect({ id, value, options, onChange, emptyLabel, placeholder, invalid, describedBy }: SearchSelectProps) {
  const listId = useId()
  const all = emptyLabel !== undefined ? [{ value: '', label: emptyLabel }, ...options] : options
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const open = query !== null
  const shown = matching(all, query ?? '')
  const selected = all.find((o) => o.value === value)

  const close = () => setQuery(null)
  const choose = (o: SelectOption | undefined) => {
    if (o) onChange(o.value)
    close()
  }
  const openWith = (q: string) => {
    setQuery(q)
    setActive(Math.max(0, matching(all, q).findIndex((o) => o.value === value)))
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (!open) return openWith('')
      const step = e.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (shown.length === 0 ? 0 : (i + step + shown.length) % shown.length))
    } else if (e.key === 'Enter' && open) {
      e.preventDefault()
      choose(shown[active])
    } else if (e.key === 'Escape' && open) {
      e.preventDefault()
      e.stopPropagation()
      close()
    }
  }

  return (
    <div className="search-select">
      <input
        id={id}
        className="input select search-select-input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        value={open ? query : value === '' ? '' : (selected?.label ?? value)}
        placeholder={value === '' ? (emptyLabel ?? placeholder) : undefined}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
        }}
        onClick={() => (open ? close() : openWith(''))}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {open ? <SearchSelectList listId={listId} shown={shown} active={active} value={value} onChoose={choose} /> : null}
    </div>
  )
}
