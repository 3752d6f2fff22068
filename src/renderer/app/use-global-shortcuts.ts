// App-wide keys: Ctrl/Cmd+1..7 switch views; Ctrl/Cmd+K opens the model palette; "/"
// jumps to the gallery search unless the user is typing somewhere.
import { useEffect } from 'react'
import { useNavigation, VIEWS } from '../stores/navigation'
import { usePalette } from '../stores/palette'

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag !== 'INPUT') return false
  const type = (target as HTMLInputElement).type
  return !['checkbox', 'radio', 'button', 'submit', 'range', 'file'].includes(type)
}

export function useGlobalShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey
      if (mod && !e.altKey && !e.shiftKey && /^[1-7]$/.test(e.key)) {
        const view = VIEWS[Number(e.key) - 1]
        if (view) {
          e.preventDefault()
          useNavigation.getState().go(view)
        }
        return
      }
      if (mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        usePalette.getState().setOpen(true)
        return
      }
      if (e.key === '/' && !mod && !e.altKey && !isTypingTarget(e.target) && !document.querySelector('dialog[open]')) {
        e.preventDefault()
        useNavigation.getState().focusGallerySearch()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
