// Library files dragged inside the app carry `{jobId, index}` under their own MIME type,
// so drop zones can tell them from files and re-upload them through the engine.
export const LIBRARY_DRAG_TYPE = 'application/x-mediagen-library-file'

export interface LibraryDragItem {
  jobId: string
  index: number
}

export function writeLibraryDrag(data: DataTransfer, item: LibraryDragItem, label: string): void {
  data.setData(LIBRARY_DRAG_TYPE, JSON.stringify(item))
  data.setData('text/plain', label)
  data.effectAllowed = 'copy'
}

export function readLibraryDrag(data: DataTransfer): LibraryDragItem | null {
  const raw = data.getData(LIBRARY_DRAG_TYPE)
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<LibraryDragItem>
    if (typeof value.jobId === 'string' && typeof value.index === 'number' && Number.isInteger(value.index) && value.index >= 0) {
      return { jobId: value.jobId, index: value.index }
    }
  } catch {
    // Not ours after all.
  }
  return null
}
