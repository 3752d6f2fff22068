// Filter by tags, in the filter bar: the tags chosen as chips, a field with the library's
// tags suggested (with their counts), and whether an item must carry any of them or all.
import { useTranslation } from '../../i18n/page-i18n'
import { useLibrary } from '../../stores/library'
import { withoutTag, withTag } from './tag-changes'
import { TagChip } from './TagChip'
import { TagInput } from './TagInput'

export type TagMatch = 'any' | 'all'

/** The filters for these tags matched this way (none: no tag filter). */
export function tagFilters(tags: string[], match: TagMatch): { tagsAny?: string[]; tagsAll?: string[] } {
  if (tags.length === 0) return { tagsAny: undefined, tagsAll: undefined }
  return match === 'all' ? { tagsAll: tags, tagsAny: undefined } : { tagsAny: tags, tagsAll: undefined }
}

export function TagFilter() {
  const { t } = useTranslation()
  const tagsAll = useLibrary((s) => s.filters.tagsAll)
  const tagsAny = useLibrary((s) => s.filters.tagsAny)
  const match: TagMatch = tagsAll?.length ? 'all' : 'any'
  const tags = tagsAll?.length ? tagsAll : (tagsAny ?? [])
  const set = (next: string[], how: TagMatch) => useLibrary.getState().setFilters(tagFilters(next, how))

  return (
    <span className="tag-filter" role="group" aria-label={t('gallery:tags.filterLabel')} data-testid="tag-filter">
      {tags.map((tag) => (
        <TagChip key={tag} name={tag} testId="tag-filter-chip" onToggle={() => set(withoutTag(tags, tag), match)} />
      ))}
      <TagInput
        id="tag-filter-input"
        label={t('gallery:tags.filterLabel')}
        placeholder={t('gallery:tags.filterPlaceholder')}
        chosen={tags}
        onPick={(typed) => {
          const next = withTag(tags, typed)
          if (!next.problem) set(next.list, match)
          return next.problem
        }}
      />
      {tags.length > 1 ? (
        <span className="tag-match" role="radiogroup" aria-label={t('gallery:tags.matchLabel')}>
          {(['any', 'all'] as const).map((how) => (
            <button
              key={how}
              type="button"
              role="radio"
              aria-checked={match === how}
              className={`filter-chip${match === how ? ' is-on' : ''}`}
              data-testid={`tag-match-${how}`}
              onClick={() => set(tags, how)}
            >
              {t(`gallery:tags.match.${how}`)}
            </button>
          ))}
        </span>
      ) : null}
    </span>
  )
}
