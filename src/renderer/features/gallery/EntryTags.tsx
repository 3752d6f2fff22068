// An item's tags where a creator looks at it. On a tile: small chips over the bottom of the
// picture, on one line (what does not fit is cut off, never wrapped over the picture), left
// out on a tile too small to read them. In the viewer: each tag a button that shows the
// gallery filtered by it, and Tags… to change them.
import { useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { useTranslation } from '../../i18n/page-i18n'
import { useLibrary } from '../../stores/library'
import { Button } from '../../ui/Button'
import { TagsDialog } from './TagsDialog'
import { tagFilters } from './TagFilter'

/** Narrower than this, a tile shows no tags: a chip or two would cover the picture. */
export const TILE_TAGS_MIN_WIDTH = 150
/** At most this many chips on a tile; the rest are in the viewer. */
const TILE_TAGS_MAX = 4

export function TileTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null
  return (
    <span className="tile-tags" data-testid="tile-tags">
      {tags.slice(0, TILE_TAGS_MAX).map((tag) => (
        <span key={tag} className="tile-tag" translate="no">
          {tag}
        </span>
      ))}
    </span>
  )
}

/** The viewer's tags: a click on one shows every item that carries it. */
export function DetailTags({ entry, onFiltered }: { entry: LibraryEntry; onFiltered(): void }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const tags = entry.tags ?? []
  const filterBy = (tag: string) => {
    useLibrary.getState().setFilters(tagFilters([tag], 'any'))
    onFiltered()
  }
  return (
    <section className="detail-tags" data-testid="detail-tags">
      <h3 className="facts-head">{t('gallery:detail.tags')}</h3>
      <div className="detail-tag-list">
        {tags.length === 0 ? <span className="muted">{t('gallery:tags.none')}</span> : null}
        {tags.map((tag) => (
          <button key={tag} type="button" className="detail-tag" title={t('gallery:detail.filterByTag', { tag })} data-testid="detail-tag" onClick={() => filterBy(tag)}>
            <span translate="no">{tag}</span>
          </button>
        ))}
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)} data-testid="detail-edit-tags">
          {t('gallery:tags.open')}
        </Button>
      </div>
      {editing ? <TagsDialog jobIds={[entry.jobId]} onClose={() => setEditing(false)} /> : null}
    </section>
  )
}
