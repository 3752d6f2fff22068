// The detail view of one output: the media, its facts, its files, and what can be done
// with it. Opened from the gallery, it steps to the previous or next item with the arrow
// keys or its buttons.
import { useEffect, useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { Dialog } from '../../ui/Dialog'
import { DetailActions } from './DetailActions'
import { entryTitle, primaryFile } from '../../components/entries/entry-media'
import { EntryFacts } from './EntryFacts'
import { FileTable } from './FileTable'
import { MediaViewer } from '../../components/media/MediaViewer'
import { canRemix } from '../../components/actions/remix'
import { canCompare, SourceCompare } from '../../components/results/SourceCompare'
import { useTranslation } from '../../i18n/page-i18n'
import { ContentCredentials } from './ContentCredentials'
import { DetailTags } from './EntryTags'
import { LineageChain } from './LineageChain'
import { SimilarPictures } from './SimilarPictures'

interface GalleryDetailProps {
  entry: LibraryEntry
  onClose(): void
  /** Where the entry sits in the gallery's list, when opened from it. */
  position?: DetailPosition
  /** Moves to the previous (-1) or next (+1) item. */
  onStep?(delta: number): void
  /** Another id for a viewer opened over this one (the source of an edit), so titles stay unique. */
  testId?: string
}

/** Arrow keys typed into a field move its caret, not the viewer. */
const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/** Previous and next, with where this item sits in the gallery's list. */
/** Where the item is in the gallery; `atLeast` when the count is a lower bound ("of 10,000+"). */
interface DetailPosition {
  index: number
  total: number
  atLeast?: boolean
}

function DetailNav({ position, onStep }: { position: DetailPosition; onStep(delta: number): void }) {
  const { t } = useTranslation()
  return (
    <div className="detail-nav" role="group" aria-label={t('gallery:detail.browse')}>
      <button type="button" className="icon-btn" aria-label={t('gallery:detail.previous')} aria-keyshortcuts="ArrowLeft" data-testid="detail-prev" disabled={position.index === 0} onClick={() => onStep(-1)}>
        ‹
      </button>
      <span data-testid="detail-position">
        {t(position.atLeast ? 'gallery:detail.positionAtLeast' : 'gallery:detail.position', { index: position.index + 1, total: position.total })}
      </span>
      <button type="button" className="icon-btn" aria-label={t('gallery:detail.next')} aria-keyshortcuts="ArrowRight" data-testid="detail-next" disabled={position.index >= position.total - 1} onClick={() => onStep(1)}>
        ›
      </button>
    </div>
  )
}

export function GalleryDetail({ entry, onClose, position, onStep, testId = 'gallery-detail' }: GalleryDetailProps) {
  const { t } = useTranslation()
  const [selected, setSelected] = useState(() => primaryFile(entry)?.index ?? 0)
  const file = entry.files.find((f) => f.index === selected) ?? primaryFile(entry)
  const remixable = canRemix(entry)
  // The output this one was made from, opened over it from "Made from".
  const [source, setSource] = useState<LibraryEntry | null>(null)

  useEffect(() => {
    if (!onStep || source) return
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault()
        onStep(e.key === 'ArrowLeft' ? -1 : 1)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onStep, source])

  return (
    <Dialog open title={entryTitle(entry)} closeLabel={t('gallery:actions.close')} onClose={onClose} size="xl" testId={testId}>
      <div className="detail">
        <div className="detail-media">
          <MediaViewer entry={entry} file={file} />
          {position && onStep ? <DetailNav position={position} onStep={onStep} /> : null}
        </div>
        <div className="detail-side">
          <DetailActions entry={entry} file={file} onClose={onClose} />
          {/* A disabled button's tooltip is easy to miss; say why in the open. */}
          {!remixable ? (
            <p className="detail-note" data-testid="remix-unavailable">
              {t('gallery:detail.noInputModel', { modality: entry.modality })}
            </p>
          ) : null}
          {canCompare(entry, file) ? (
            <section className="detail-compare">
              <h3 className="facts-head">{t('gallery:detail.beforeAfter')}</h3>
              <SourceCompare entry={entry} file={file} />
            </section>
          ) : null}
          <ContentCredentials file={file} />
          <DetailTags entry={entry} onFiltered={onClose} />
          <EntryFacts entry={entry} onOpenSource={setSource} />
          <LineageChain entry={entry} onOpen={setSource} />
          <SimilarPictures entry={entry} file={file} onOpen={setSource} />
          <h3 className="facts-head">{t('gallery:detail.files')}</h3>
          <FileTable files={entry.files} selected={file?.index ?? 0} onSelect={setSelected} />
        </div>
      </div>
      {source ? <GalleryDetail entry={source} onClose={() => setSource(null)} testId={`${testId}-source`} /> : null}
    </Dialog>
  )
}
