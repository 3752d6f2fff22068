// The latest outputs beside a form, so they can be dragged onto its inputs without
// leaving the view.
import { useEffect, useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { call } from '../../api/client'
import { useTranslation } from '../../i18n/page-i18n'
import { useLibrary } from '../../stores/library'
import { startLibraryDrag } from '../entries/drag-out'
import { entryTitle, primaryFile } from '../entries/entry-media'
import { Thumbnail } from './Thumbnail'

const COUNT = 12

export function RecentStrip({ modality }: { modality?: LibraryEntry['modality'] }) {
  const { t } = useTranslation()
  const [entries, setEntries] = useState<LibraryEntry[]>([])
  // Refetched whenever the library says something was saved or removed.
  const revision = useLibrary((s) => s.revision)

  useEffect(() => {
    let cancelled = false
    void call('library.list', { limit: COUNT, ...(modality ? { modality } : {}) }).then((r) => {
      if (!cancelled && r.ok) setEntries(r.data.entries)
    })
    return () => {
      cancelled = true
    }
  }, [revision, modality])

  const usable = entries.filter((e) => primaryFile(e)?.state === 'saved')
  if (usable.length === 0) return null
  return (
    <section className="card recent" aria-label={t('results:media.recent')}>
      <h2 className="card-title">{t('results:media.recent')}</h2>
      <p className="card-sub">{t('results:media.recentSub')}</p>
      <ul className="recent-grid">
        {usable.map((e) => {
          const file = primaryFile(e)
          if (!file) return null
          return (
            <li
              key={e.jobId}
              className="recent-item"
              draggable
              data-testid="recent-item"
              data-job-id={e.jobId}
              data-drag-out={file.path ?? undefined}
              title={entryTitle(e)}
              onDragStart={(ev) => startLibraryDrag(ev, e.jobId, file, entryTitle(e))}
            >
              <Thumbnail entry={e} file={file} alt={entryTitle(e)} />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
