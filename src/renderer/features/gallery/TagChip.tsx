// One tag as a chip, with a button that takes it off (or, struck through, puts it back).
import { useTranslation } from '../../i18n/page-i18n'

interface TagChipProps {
  name: string
  /** Shown after the name: on how many of the selection it is. */
  note?: string
  struck?: boolean
  testId?: string
  onToggle(): void
}

export function TagChip({ name, note, struck = false, testId, onToggle }: TagChipProps) {
  const { t } = useTranslation()
  return (
    <span className={`tag-chip${struck ? ' is-struck' : ''}`} data-testid={testId}>
      <span translate="no">{name}</span>
      {note ? <span className="tag-count">{note}</span> : null}
      <button type="button" className="tag-chip-x" aria-label={t(struck ? 'gallery:tags.keep' : 'gallery:tags.remove', { tag: name })} onClick={onToggle}>
        {struck ? '↺' : '×'}
      </button>
    </span>
  )
}
