// The full-size output in the detail view: image (zoom and pan), playable video or audio, or the reason
// the file is missing.
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { useTranslation } from '../../i18n/page-i18n'
import { AudioPlayer } from '../../ui/AudioPlayer'
import { icons } from '../../ui/icons'
import { entryTitle, fileUrl } from '../entries/entry-media'
import { ZoomableImage } from './ZoomableImage'
import type { ZoomView } from './zoom-view'

interface MediaViewerProps {
  entry: LibraryEntry
  file: LibraryFile | undefined
  /** A zoom and pan shared with other viewers (Compare); by default each image keeps its own. */
  view?: ZoomView
  onViewChange?(view: ZoomView): void
}

export function MediaViewer({ entry, file, view, onViewChange }: MediaViewerProps) {
  const { t } = useTranslation()
  if (!file) return <div className="media-missing">{t('results:media.noFiles')}</div>
  if (file.state === 'lost') {
    return (
      <div className="media-missing media-lost" data-testid="gallery-media" data-state="lost">
        {icons.warning}
        <strong>{t('results:media.lost')}</strong>
        {file.lostReason ? <span translate="no">{file.lostReason}</span> : <span>{t('results:media.noReason')}</span>}
      </div>
    )
  }
  const src = fileUrl(file)
  if (!src) {
    return (
      <div className="media-missing" data-testid="gallery-media" data-state="pending">
        <span className="spinner" aria-hidden="true" />
        <span>{t('results:media.stillSaving')}</span>
      </div>
    )
  }
  const alt = entryTitle(entry)
  if (file.role === 'video' || file.mime?.startsWith('video/')) {
    // eslint-disable-next-line jsx-a11y/media-has-caption -- generated media comes with no captions to offer; its prompt names it (aria-label)
    return <video className="media-full" data-testid="gallery-media" src={src} controls preload="metadata" aria-label={alt} />
  }
  if (file.role === 'track' || file.mime?.startsWith('audio/')) {
    return (
      <div className="media-audio">
        <div className="media-audio-art">{icons.music}</div>
        <AudioPlayer data-testid="gallery-media" src={src} knownSeconds={file.durationSeconds} label={alt} />
      </div>
    )
  }
  return <ZoomableImage src={src} alt={alt} view={view} onViewChange={onViewChange} />
}
