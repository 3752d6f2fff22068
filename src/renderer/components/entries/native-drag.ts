// Under Electron a library file leaves as the real file (drag-out.ts), so one of the app's
// own drop zones gets it back as an ordinary File. The drag remembered here lets the zone
// see it is that output and upload it from the library instead, which keeps the link to
// what the result is made from. A file matches only by its name and size, and only
// shortly after the drag began: anything else dropped is what it seems.
import type { LibraryFile } from '../../../shared/app/views'
import type { LibraryDragItem } from './drag-payload'

/** Long enough for a slow drag across the window; a drop after it is taken as a new file. */
const FRESH_MS = 120_000

interface NativeDrag {
  item: LibraryDragItem
  name: string
  bytes: number | null
  at: number
}

let current: NativeDrag | null = null

export function rememberNativeDrag(jobId: string, file: LibraryFile, now = Date.now()): void {
  const name = file.path?.split(/[\\/]/).pop()
  current = name ? { item: { jobId, index: file.index }, name, bytes: file.bytes, at: now } : null
}

/** The library output a dropped file is, when it is the one being dragged out of the app. */
export function nativeDragOf(file: File, now = Date.now()): LibraryDragItem | null {
  const drag = current
  if (!drag || now - drag.at > FRESH_MS) return null
  if (file.name !== drag.name || (drag.bytes !== null && file.size !== drag.bytes)) return null
  return drag.item
}
