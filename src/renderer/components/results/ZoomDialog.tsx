// An image at full size: fitted to the window first, then at its real pixels to inspect.
import { useState } from 'react'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'

interface ZoomDialogProps {
  src: string
  alt: string
  onClose(): void
}

export function ZoomDialog({ src, alt, onClose }: ZoomDialogProps) {
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
          {actual ? 'Fit to window' : 'Actual size'}
        </Button>
      }
    >
      <div className={`zoom-frame${actual ? ' is-actual' : ''}`}>
        <img src={src} alt={alt} data-testid="zoom-image" />
      </div>
    </Dialog>
  )
}
