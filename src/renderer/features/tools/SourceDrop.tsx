// The edit tool's painter as a drop target too: an output dragged from Create's results or
// the gallery (or an image file) dropped on the picture being painted replaces it, as a
// drop on the image field above does.
import { useState, type DragEvent, type ReactNode } from 'react'
import { LIBRARY_DRAG_TYPE } from '../gallery/drag-payload'
import { useDropUpload } from '../inputs/use-drop-upload'

interface SourceDropProps {
  /** The image field's path, for the upload's record. */
  path: string
  onReplace(url: string): void
  children: ReactNode
}

const takes = (e: DragEvent) => [...e.dataTransfer.types].some((t) => t === 'Files' || t === LIBRARY_DRAG_TYPE)

export function SourceDrop({ path, onReplace, children }: SourceDropProps) {
  const [over, setOver] = useState(false)
  const upload = useDropUpload(path, onReplace)
  return (
    <div
      className={`source-drop${over ? ' is-drop-target' : ''}`}
      data-testid="source-drop"
      onDragOver={(e) => {
        if (!takes(e)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
        setOver(true)
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={(e) => {
        setOver(false)
        if (!takes(e)) return
        e.preventDefault()
        const images = [...e.dataTransfer.files].filter((f) => f.type.startsWith('image/'))
        if (images.length > 0) upload.onFiles(images.slice(0, 1))
        else upload.onDropData(e.dataTransfer)
      }}
    >
      {children}
      {upload.busy ? <p className="mask-hint">Uploading the new image…</p> : null}
      {upload.error ? (
        <p className="mask-hint text-danger" role="alert">
          {upload.error}
        </p>
      ) : null}
    </div>
  )
}
