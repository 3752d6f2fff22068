// A finished job's outputs in place: every image at full quality (click to zoom), a
// grid image when the service made one, and players for video and audio. Images drag
// onto any input of the app.
import { useState } from 'react'
import type { LibraryEntry, LibraryFile } from '../../../shared/app/views'
import { AudioPlayer } from '../../ui/AudioPlayer'
import { icons } from '../../ui/icons'
import { startLibraryDrag } from '../entries/drag-out'
import { entryTitle, fileUrl } from '../entries/entry-media'
import { ZoomDialog } from './ZoomDialog'

const SHOWN_ROLES: LibraryFile['role'][] = ['image', 'grid', 'video', 'track']

function isVideo(f: LibraryFile): boolean {
  return f.role === 'video' || f.mime?.startsWith('video/') === true
}
function isAudio(f: LibraryFile): boolean {
  return f.role === 'track' || f.mime?.startsWith('audio/') === true
}

interface OneOutputProps {
  jobId: string
  file: LibraryFile
  alt: string
  onZoom(src: string, alt: string): void
}

function OneOutput({ jobId, file, alt, onZoom }: OneOutputProps) {
  if (file.state === 'lost') {
    return (
      <div className="result-missing" data-testid="result-output" data-state="lost">
        {icons.warning} {file.lostReason ?? 'This file was lost'}
      </div>
    )
  }
  const src = fileUrl(file)
  if (!src) {
    return (
      <div className="result-missing" data-testid="result-output" data-state="pending">
        <span className="spinner" aria-hidden="true" /> Saving…
      </div>
    )
  }
  if (isVideo(file)) {
    // eslint-disable-next-line jsx-a11y/media-has-caption -- generated media comes with no captions to offer; its prompt names it (aria-label)
    return <video className="result-video" data-testid="result-output" src={src} controls preload="metadata" aria-label={alt} />
  }
  if (isAudio(file)) {
    return <AudioPlayer className="result-audio" data-testid="result-output" src={src} knownSeconds={file.durationSeconds} label={alt} />
  }
  const label = file.role === 'grid' ? `${alt} (grid)` : alt
  return (
    <button type="button" className="result-image" onClick={() => onZoom(src, label)} aria-label={`Zoom: ${label}`} data-testid="result-zoom">
      {/* Dragged onto any input of the app, the output is used from the library's copy. */}
      <img
        src={src}
        alt={label}
        data-testid="result-output"
        data-role={file.role}
        width={file.width ?? undefined}
        height={file.height ?? undefined}
        draggable
        onDragStart={(e) => startLibraryDrag(e, jobId, file, alt)}
      />
    </button>
  )
}

export function ResultMedia({ entry }: { entry: LibraryEntry }) {
  const [zoom, setZoom] = useState<{ src: string; alt: string } | null>(null)
  // A grid shows every output at once, so it leads; the single images follow it.
  const files = entry.files.filter((f) => SHOWN_ROLES.includes(f.role)).sort((a, b) => Number(b.role === 'grid') - Number(a.role === 'grid'))
  const alt = entryTitle(entry)
  return (
    <div className={`result-media${files.length > 1 ? ' is-many' : ''}`}>
      {files.map((f) => (
        <OneOutput key={f.index} jobId={entry.jobId} file={f} alt={alt} onZoom={(src, label) => setZoom({ src, alt: label })} />
      ))}
      {zoom ? <ZoomDialog src={zoom.src} alt={zoom.alt} onClose={() => setZoom(null)} /> : null}
    </div>
  )
}
