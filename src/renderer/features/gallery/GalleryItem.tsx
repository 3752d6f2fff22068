// A grid tile: a click opens the viewer, ctrl/cmd-click and shift-click select (as in a
// file manager), the check box selects by keyboard, the star favourites; tracks play in the viewer, so every row keeps one height. It drags its file
// into the app's drop zones (and, in Electron, out of the window as a real file). Its badges
// say whether its files are saved, waiting (and until when) or lost (and why).
import type { CSSProperties, MouseEvent } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { formatCredits, formatNumber, formatSeconds } from '../../format/numbers'
import { Trans, usePageT } from '../../i18n/page-i18n'
import { useNow } from '../../components/jobs/use-now'
import { startLibraryDrag } from '../../components/entries/drag-out'
import { entryTitle, primaryFile } from '../../components/entries/entry-media'
import { entryStatus, lostReason, purgeCountdown, useSaveWaiting } from './save-status'
import { Thumbnail } from '../../components/media/Thumbnail'
import { TileTags } from './EntryTags'

interface GalleryItemProps {
  entry: LibraryEntry
  /** Its position in the list, for moving between tiles with the arrow keys. */
  index?: number
  /** Where the virtualized grid places it. */
  style?: CSSProperties
  selected: boolean
  onActivate(e: MouseEvent): void
  onSelect(shift: boolean): void
  onFavorite(): void
  /** Its tags over the picture; a small tile leaves them out. */
  showTags?: boolean
}

function StatusBadge({ entry }: { entry: LibraryEntry }) {
  const t = usePageT()
  const status = entryStatus(entry)
  const waiting = useSaveWaiting(entry.jobId)
  const now = useNow(status === 'waiting' && waiting !== null, 30_000)
  if (status === 'lost') {
    const reason = lostReason(entry)
    return (
      <span className="badge badge-danger" title={reason ?? undefined} data-testid="tile-status" data-status="lost">
        {reason ? <Trans t={t} i18nKey="gallery:tile.lost" components={{ reason: <span translate="no">{reason}</span> }} /> : t('gallery:tile.lostNoReason')}
      </span>
    )
  }
  if (status === 'waiting') {
    const countdown = purgeCountdown(waiting, now)
    return (
      <span className="badge badge-warning" title={waiting?.reason} data-testid="tile-status" data-status="waiting">
        {countdown ?? t('gallery:tile.saving')}
      </span>
    )
  }
  return null
}

export function GalleryItem({ entry, index, style, selected, onActivate, onSelect, onFavorite, showTags = true }: GalleryItemProps) {
  const t = usePageT()
  const file = primaryFile(entry)
  const title = entryTitle(entry)
  const outputs = entry.files.filter((f) => f.role !== 'grid' && f.role !== 'other').length

  return (
    <li
      className={`gallery-item${selected ? ' is-selected' : ''}`}
      data-testid="gallery-item"
      style={style}
      data-index={index}
      data-job-id={entry.jobId}
      data-modality={entry.modality}
      data-selected={selected || undefined}
      data-drag-out={file?.state === 'saved' && file.path ? file.path : undefined}
      draggable={file?.state === 'saved'}
      onDragStart={(e) => file && startLibraryDrag(e, entry.jobId, file, title)}
    >
      {/* Named by its content, so the name includes the badges it shows (kind, length, count). */}
      <button type="button" className="gallery-open" onClick={onActivate}>
        <span className="visually-hidden">
          <Trans t={t} i18nKey="gallery:look.open" components={{ title: <span translate="no">{title}</span> }} />
        </span>
        <Thumbnail entry={entry} file={file} alt="" />
        <span className="gallery-badges">
          {entry.modality !== 'image' ? <span className="badge">{t(`gallery:tile.kinds.${entry.modality}`)}</span> : null}
          {file?.durationSeconds ? <span className="badge">{formatSeconds(file.durationSeconds)}</span> : null}
          {outputs > 1 ? <span className="badge">{formatNumber(outputs)}</span> : null}
        </span>
        <span className="gallery-status">
          {showTags ? <TileTags tags={entry.tags ?? []} /> : null}
          <StatusBadge entry={entry} />
        </span>
      </button>
      <input
        type="checkbox"
        className="gallery-check"
        checked={selected}
        aria-label={t('gallery:tile.select', { title })}
        data-testid="tile-select"
        onClick={(e) => {
          // Handled here rather than in onChange, which does not see the shift key.
          e.stopPropagation()
          onSelect(e.shiftKey)
        }}
        onChange={() => undefined}
      />
      <button
        type="button"
        className={`gallery-star${entry.favorite ? ' is-on' : ''}`}
        aria-pressed={entry.favorite}
        aria-label={t(entry.favorite ? 'gallery:tile.unfavourite' : 'gallery:tile.favourite', { title })}
        data-testid="tile-favorite"
        onClick={onFavorite}
      >
        {entry.favorite ? '★' : '☆'}
      </button>
      <div className="gallery-caption">
        <span className="gallery-prompt" title={entry.prompt ?? undefined} translate="no">
          {title}
        </span>
        <span className="gallery-model">
          <span translate="no">{entry.model}</span>
          {entry.creditCost !== null ? ` · ${formatCredits(entry.creditCost)}` : ''}
        </span>
      </div>
    </li>
  )
}
