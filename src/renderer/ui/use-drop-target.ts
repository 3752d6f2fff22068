// What every drop target does with a drag passing over it: says whether it takes what is
// dragged (so the pointer shows "copy" only where a drop would be used), lights up while
// the drag is inside it (children included), and hands over the dropped data.
import { useState, type DragEvent } from 'react'

export interface DropTarget {
  /** True while something this target takes is dragged over it. */
  over: boolean
  handlers: {
    onDragEnter(e: DragEvent): void
    onDragOver(e: DragEvent): void
    onDragLeave(e: DragEvent): void
    onDrop(e: DragEvent): void
  }
}

/** `takes`: whether a drag carrying these types can be dropped here. */
export function useDropTarget(takes: (types: readonly string[]) => boolean, onDrop: (data: DataTransfer) => void): DropTarget {
  const [over, setOver] = useState(false)
  const accepted = (e: DragEvent) => takes([...e.dataTransfer.types])
  return {
    over,
    handlers: {
      onDragEnter(e) {
        if (!accepted(e)) return
        e.preventDefault()
        setOver(true)
      },
      onDragOver(e) {
        if (!accepted(e)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
        setOver(true)
      },
      onDragLeave(e) {
        // Leaving into a child still counts as inside.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false)
      },
      onDrop(e) {
        setOver(false)
        if (!accepted(e)) return
        e.preventDefault()
        onDrop(e.dataTransfer)
      }
    }
  }
}
