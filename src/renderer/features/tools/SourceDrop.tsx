// The edit tool's painter as a drop target too: an output dragged from Create's results or
// the gallery (or an image file) dropped on the picture being painted replaces it, as a
// drop on the image field above does.
import type { ReactNode } from 'react'
import { useTranslation } from '../../i18n/page-i18n'
import { useDropTarget } from '../../ui/use-drop-target'
import { LIBRARY_DRAG_TYPE } from '../../components/entries/drag-payload'
import { useDropUpload } from '../../components/inputs/use-drop-upload'

interface SourceDropProps {
  /** The image field's path, for the upload's record. */
  path: string
  onReplace(url: string): void
  children: ReactNode
}

export function SourceDrop({ path, onReplace, children }: SourceDropProps) {
  const { t } = useTranslation()
  const upload = useDropUpload(path, onReplace)
  const drop = useDropTarget(
    (types) => types.some((t) => t === 'Files' || t === LIBRARY_DRAG_TYPE),
    (data) => {
      const images = [...data.files].filter((f) => f.type.startsWith('image/'))
      if (images.length > 0) upload.onFiles(images.slice(0, 1))
      else upload.onDropData(data)
    }
  )
  return (
    <div className={`source-drop${drop.over ? ' is-drop-target' : ''}`} data-testid="source-drop" {...drop.handlers}>
      {children}
      {upload.busy ? <p className="mask-hint">{t('tools:view.uploading')}</p> : null}
      {upload.error ? (
        <p className="mask-hint text-danger" role="alert">
          {upload.error}
        </p>
      ) : null}
    </div>
  )
}
