// A grid tile: opens the detail view, and drags its file into the app's drop zones (and,
// in Electron, out of the window as a real file).
import type { LibraryEntry } from '../../../shared/app/views'
import { formatSeconds } from '../../format/numbers'
import { startLibraryDrag } from './drag-out'
import { entryTitle, fileUrl, lostFiles, primaryFile } from './entry-media'
import { Thumbnail } from './Thumbnail'

export function GalleryItem({ entry, onOpen }: { entry: LibraryEntry; onOpen(): void }) {
  const file = primaryFile(entry)
  const lost = lostFiles(entry).length
  const title = entryTitle(entry)
  const outputs = entry.files.filter((f) => f.role !== 'grid' && f.role !== 'other').length
  const audio = entry.modality === 'music' && file ? fileUrl(file) : null

  return (
    <li
      className="gallery-item"
      data-testid="gallery-item"
      data-job-id={entry.jobId}
      data-modality={entry.modality}
      data-drag-out={file?.state === 'saved' && file.path ? file.path : undefined}
      draggable={file?.state === 'saved'}
      onDragStart={(e) => file && startLibraryDrag(e, entry.jobId, file, title)}
    >
      <button type="button" className="gallery-open" onClick={onOpen} aria-label={`Open ${title}`}>
        <Thumbnail entry={entry} file={file} alt={title} />
        <span className="gallery-badges">
          {entry.modality !== 'image' ? <span className="badge">{entry.modality}</span> : null}
          {file?.durationSeconds ? <span className="badge">{formatSeconds(file.durationSeconds)}</span> : null}
          {outputs > 1 ? <span className="badge">{outputs}</span> : null}
          {lost > 0 ? <span className="badge badge-danger">{lost} lost</span> : null}
        </span>
      </button>
      <div className="gallery-caption">
        <span className="gallery-prompt" title={entry.prompt ?? undefined}>
          {title}
        </span>
        <span className="gallery-model">{entry.model}</span>
      </div>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- generated media comes with no captions to offer; its prompt names it (aria-label) */}
      {audio ? <audio className="gallery-audio" src={audio} controls preload="none" aria-label={`Play ${title}`} /> : null}
    </li>
  )
}
