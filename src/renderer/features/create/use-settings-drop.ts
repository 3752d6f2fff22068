// Create's form as a drop target for files: a file that no input field took is read for
// the settings it carries (restore-settings.ts).
import { useState, type DragEvent } from 'react'
import { restoreFromFile } from './restore-settings'

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files')

export function useSettingsDrop() {
  const [over, setOver] = useState(false)
  return {
    over,
    handlers: {
      onDragOver(e: DragEvent) {
        // An input field's own drop zone comes first and claims the event.
        if (e.defaultPrevented || !hasFiles(e)) return
        e.preventDefault()
        e.dataTransfer.dropEffect = 'copy'
        setOver(true)
      },
      onDragLeave(e: DragEvent) {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false)
      },
      onDrop(e: DragEvent) {
        setOver(false)
        if (e.defaultPrevented || !hasFiles(e)) return
        e.preventDefault()
        const file = e.dataTransfer.files[0]
        if (file) void restoreFromFile(file)
      }
    }
  }
}
