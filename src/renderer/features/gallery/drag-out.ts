// Starting a drag of a library item. Inside Electron the OS gets the saved file itself, so
// it can land on the desktop or in another app; dropped back on one of the app's drop
// zones it arrives as an ordinary File, which they upload. A browser page cannot hand
// over a file, so there the drag carries the library reference for the app's own zones.
import type { DragEvent } from 'react'
import type { LibraryFile } from '../../../shared/app/views'
import { writeLibraryDrag } from './drag-payload'

export function startLibraryDrag(event: DragEvent, jobId: string, file: LibraryFile, label: string): void {
  const api = window.api
  if (api?.startDrag) {
    // The HTML5 drag must not start as well: main begins the native one instead.
    event.preventDefault()
    if (file.state === 'saved' && file.path) api.startDrag(file.path)
    return
  }
  writeLibraryDrag(event.dataTransfer, { jobId, index: file.index }, label)
}
