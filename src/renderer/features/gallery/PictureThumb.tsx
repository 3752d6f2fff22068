// One picture of the library as a small button that opens its item: used by "Find similar",
// the Duplicates view and the lineage, so each is a click away from the viewer.
import type { ReactNode } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { Trans, useTranslation } from '../../i18n/page-i18n'
import { entryTitle, primaryFile } from '../../components/entries/entry-media'
import { Thumbnail } from '../../components/media/Thumbnail'

interface PictureThumbProps {
  entry: LibraryEntry
  /** The file shown; the entry's first by default. */
  index?: number
  onOpen(entry: LibraryEntry): void
  /** A line under the picture (how far it is, how it was made). */
  children?: ReactNode
  testId?: string
  /** Marks the picture (the one a group keeps, the item the viewer shows). */
  marked?: boolean
}

export function PictureThumb({ entry, index, onOpen, children, testId = 'picture-thumb', marked = false }: PictureThumbProps) {
  const { t } = useTranslation()
  const file = entry.files.find((f) => f.index === index) ?? primaryFile(entry)
  return (
    <li className={`picture-thumb${marked ? ' is-marked' : ''}`} data-testid={testId} data-job-id={entry.jobId}>
      <button type="button" className="picture-thumb-open" onClick={() => onOpen(entry)}>
        <span className="visually-hidden">
          <Trans t={t} i18nKey="gallery:look.open" components={{ title: <span translate="no">{entryTitle(entry)}</span> }} />
        </span>
        <Thumbnail entry={entry} file={file} alt="" />
      </button>
      {children ? <span className="picture-thumb-note">{children}</span> : null}
    </li>
  )
}
