// "Find similar" in the viewer: the pictures of the library that look like the one shown
// (within 12 bits of its perceptual hash, as the engine finds them through its index),
// nearest first, each opening its item. Asked again when the viewer shows another file.
import { useState } from 'react'
import type { SimilarPage } from '../../../shared/app/library-pictures'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { PictureThumb } from './PictureThumb'

/** Pictures shown at most: more than a screenful is rarely what "similar" means. */
const SHOWN = 60

/** A saved picture (video, music and lost files have no look to compare). */
export const canFindSimilar = (file: LibraryFile | undefined): boolean => file?.state === 'saved' && (file.role === 'image' || file.role === 'grid')

type Found = { for: string; page: SimilarPage } | { for: string; error: string }

export function SimilarPictures({ entry, file, onOpen }: { entry: LibraryEntry; file: LibraryFile | undefined; onOpen(entry: LibraryEntry): void }) {
  const { t } = useTranslation()
  const [found, setFound] = useState<Found | null>(null)
  const [busy, setBusy] = useState(false)
  if (!file || !canFindSimilar(file)) return null
  const key = `${entry.jobId}:${file.index}`
  const shown = found?.for === key ? found : null

  const find = async () => {
    setBusy(true)
    const r = await call('library.similar', { jobId: entry.jobId, index: file.index, limit: SHOWN })
    setBusy(false)
    setFound(r.ok ? { for: key, page: r.data } : { for: key, error: r.error.message })
  }

  return (
    <section className="detail-similar" aria-labelledby="similar-head">
      <div className="detail-section-head">
        <h3 className="facts-head" id="similar-head">
          {t('gallery:look.similarTitle')}
        </h3>
        <Button size="sm" busy={busy} onClick={() => void find()} data-testid="find-similar">
          {t('gallery:look.findSimilar')}
        </Button>
      </div>
      {shown && 'error' in shown ? <p className="notice notice-danger">{shown.error}</p> : null}
      {shown && 'page' in shown ? (
        <>
          <p className="detail-note" data-testid="similar-count">
            {t('gallery:look.similarCount', { count: shown.page.total })}
          </p>
          <ul className="picture-strip" data-testid="similar-list">
            {shown.page.items.map((item) => (
              <PictureThumb key={`${item.entry.jobId}:${item.index}`} entry={item.entry} index={item.index} onOpen={onOpen} testId="similar-item">
                {t('gallery:look.distance', { bits: item.distance })}
              </PictureThumb>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
