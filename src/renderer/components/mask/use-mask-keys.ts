// Ctrl/Cmd+Z undoes the last mask stroke, Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y redoes it, unless
// the keys are typed into a field (the prompt undoes text, not paint).
import { useEffect } from 'react'
import { useMask } from './mask-store'

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

export function useMaskUndoKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTyping(e.target)) return
      const key = e.key.toLowerCase()
      if (key === 'z' || key === 'y') {
        e.preventDefault()
        if (e.shiftKey || key === 'y') useMask.getState().redo()
        else useMask.getState().undo()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
