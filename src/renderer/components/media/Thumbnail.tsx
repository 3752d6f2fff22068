// The picture of a library file in a grid or strip: the thumbnail when there is one, a
// first frame for video, an icon for music, and the loss reason when the file is gone.
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { usePageT } from '../../i18n/page-i18n'
import { icons } from '../../ui/icons'
import { fileUrl, thumbnailUrl } from '../entries/entry-media'

export function Thumbnail({ entry, file, alt }: { entry: LibraryEntry; file: LibraryFile | undefined; alt: string }) {
  const t = usePageT()
  if (!file) return <div className="thumb thumb-empty">{icons[entry.modality]}</div>
  if (file.state === 'lost') {
    return (
      <div className="thumb thumb-lost" title={file.lostReason ?? t('results:media.lostShort')}>
        {icons.warning}
        <span>{t('results:media.lostShort')}</span>
      </div>
    )
  }
  if (file.state === 'pending') {
    return (
      <div className="thumb thumb-pending">
        <span className="spinner" aria-hidden="true" />
        <span>{t('results:media.saving')}</span>
      </div>
    )
  }
  const thumb = thumbnailUrl(file)
  if (thumb) return <img className="thumb" src={thumb} alt={alt} loading="lazy" draggable={false} />
  const src = fileUrl(file)
  if (file.role === 'video' && src) return <video className="thumb" src={src} preload="metadata" muted aria-label={alt} />
  return <div className="thumb thumb-icon">{icons[entry.modality === 'music' ? 'music' : entry.modality]}</div>
}
