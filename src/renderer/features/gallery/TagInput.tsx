// A field to name a tag, with the library's tags that begin with what is typed listed
// under it with their counts (a combobox: arrows move, Enter takes the one marked or the
// text as typed, Escape closes the list). Used to tag a selection and to filter by tags.
import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { tagKey, type TagCount } from '../../../shared/app/tags'
import type { TagProblem } from './tag-changes'
import { useTagSuggestions } from './use-tag-suggestions'

interface TagInputProps {
  id: string
  label: string
  placeholder?: string
  /** Tags already chosen: not suggested again. */
  chosen: readonly string[]
  /** Answers a problem to show (the tag stays typed), or null when the tag was taken. */
  onPick(tag: string): TagProblem | null
}

/** The suggestions under the field, each with how many items carry it. */
function SuggestionList({ id, inputId, shown, marked, onPick }: { id: string; inputId: string; shown: TagCount[]; marked: number; onPick(tag: string): void }) {
  const { t } = useTranslation()
  return (
    <ul id={id} className="tag-suggestions" role="listbox" aria-label={t('gallery:tags.suggestions')} data-testid={`${inputId}-suggestions`}>
      {shown.map((s, i) => (
        <li
          key={s.name}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === marked}
          className={`tag-suggestion${i === marked ? ' is-marked' : ''}`}
          // Before the field's blur closes the list.
          onMouseDown={(e) => {
            e.preventDefault()
            onPick(s.name)
          }}
        >
          <span translate="no">{s.name}</span>
          <span className="tag-count">{t('gallery:tags.count', { count: s.count })}</span>
        </li>
      ))}
    </ul>
  )
}

export function TagInput({ id, label, placeholder, chosen, onPick }: TagInputProps) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [marked, setMarked] = useState(-1)
  const [problem, setProblem] = useState<TagProblem | null>(null)
  const listId = useId()
  const taken = new Set(chosen.map(tagKey))
  const shown = useTagSuggestions(text, open).filter((s) => !taken.has(tagKey(s.name)))

  const pick = (tag: string) => {
    const refused = onPick(tag)
    setProblem(refused)
    if (refused === null) {
      setText('')
      setMarked(-1)
    }
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      const step = e.key === 'ArrowDown' ? 1 : -1
      setMarked((m) => (shown.length === 0 ? -1 : (m + step + shown.length) % shown.length))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const choice = shown[marked]?.name ?? text
      if (choice.trim() !== '' || text !== '') pick(choice)
    } else if (e.key === 'Escape' && open) {
      e.preventDefault()
      e.stopPropagation()
      setOpen(false)
    }
  }

  return (
    <div className="tag-input">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        data-testid={id}
        className="input"
        role="combobox"
        aria-expanded={open && shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={marked >= 0 && shown[marked] ? `${listId}-${marked}` : undefined}
        aria-invalid={problem ? true : undefined}
        placeholder={placeholder}
        value={text}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          setMarked(-1)
          setProblem(null)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKey}
      />
      {open && shown.length > 0 ? <SuggestionList id={listId} inputId={id} shown={shown} marked={marked} onPick={pick} /> : null}
      {problem ? (
        <p className="field-error" role="alert">
          {t(`gallery:tags.problem.${problem}`)}
        </p>
      ) : null}
    </div>
  )
}
