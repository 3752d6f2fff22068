// Starting a drag of a library item. Inside Electron the OS gets the saved file itself, so
// it can land on the desktop or in another app; dropped back on one of the app's drop
// zones it arrives as an ordinary File, which they know again (native-drag.ts). A browser
// page cannot hand over a file, so there the drag carries the library reference for the
// app's own zones. Either way the output goes up from the library's copy, linked to its source.
import type { DragEvent } from 'react'
import type { LibraryFile } from '../../../shared/app/views'
import { writeLibraryDrag } from './drag-payload'
import { rememberNativeDrag } from './native-drag'

export function startLibraryDrag(event: DragEvent, jobId: string, file: LibraryFile, label: string): void {
  const api = window.api
  if (api?.startDrag) {
    // The HTML5 drag must not start as well: main begins the native one instead.
    event.preventDefault()
    if (file.state === 'saved' && file.path) {
      rememberNativeDrag(jobId, file)
      api.startDrag(file.path)
    }
    return
  }
  writeLibraryDrag(event.dataTransfer, { jobId, index: file.index }, label)
}
