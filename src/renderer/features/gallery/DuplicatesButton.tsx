// Opens the Duplicates view from the gallery, and an item from it in the viewer.
import { useState } from 'react'
import type { LibraryEntry } from '../../../shared/app/views'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { DuplicatesDialog } from './DuplicatesDialog'
import { GalleryDetail } from './GalleryDetail'

export function DuplicatesButton() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [shown, setShown] = useState<LibraryEntry | null>(null)
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="open-duplicates">
        {t('gallery:look.duplicates')}
      </Button>
      {open ? <DuplicatesDialog onClose={() => setOpen(false)} onOpen={setShown} /> : null}
      {shown ? <GalleryDetail key={shown.jobId} entry={shown} onClose={() => setShown(null)} testId="duplicates-detail" /> : null}
    </>
  )
}
