// An image at full size: fitted to the window first, then at its real pixels to inspect.
import { useState } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'

interface ZoomDialogProps {
  src: string
  alt: string
  onClose(): void
}

export function ZoomDialog({ src, alt, onClose }: ZoomDialogProps) {
  const { t } = useTranslation()
  const [actual, setActual] = useState(false)
  return (
    <Dialog
      open
      title={alt}
      onClose={onClose}
      size="xl"
      testId="zoom-dialog"
      footer={
        <Button onClick={() => setActual((a) => !a)} aria-pressed={actual} data-testid="zoom-actual">
          {actual ? t('results:zoom.fit') : t('results:zoom.actual')}
        </Button>
      }
    >
      <div className={`zoom-frame${actual ? ' is-actual' : ''}`}>
        <img src={src} alt={alt} data-testid="zoom-image" />
      </div>
    </Dialog>
  )
}
