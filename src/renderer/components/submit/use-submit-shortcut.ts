// Ctrl/Cmd+Enter submits the form of the view that is showing (one form view is mounted
// at a time).
import { useEffect, useRef } from 'react'

export function useSubmitShortcut(submit: () => void, enabled: boolean): void {
  const latest = useRef(submit)
  useEffect(() => {
    latest.current = submit
  })
  useEffect(() => {
    if (!enabled) return
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'Enter' && !document.querySelector('dialog[open]')) {
        e.preventDefault()
        latest.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [enabled])
}
