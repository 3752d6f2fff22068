// Drag to select: pressing on a tile's check box and sweeping over other tiles selects each
// one the pointer passes, as photo apps do. The grid's tiles are draggable (to drop a file
// elsewhere), so a sweep cancels the file drag it would otherwise start. Listeners sit on the
// grid (delegation), since tiles come and go as it scrolls.
import { useEffect, type RefObject } from 'react'
import { useGallerySelection } from '../../stores/gallery-selection'

const tileOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('[data-testid="gallery-item"]') : null)

export function useSweepSelect(grid: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = grid.current
    if (!el) return
    let sweeping = false
    // The tile the sweep began on joins once the pointer leaves it; a press and release on
    // its check box alone stays a plain click (a toggle).
    let from: string | undefined
    const start = (e: PointerEvent) => {
      if (e.button !== 0 || !(e.target instanceof Element) || !e.target.classList.contains('gallery-check')) return
      sweeping = true
      from = tileOf(e.target)?.dataset.jobId
    }
    const over = (e: PointerEvent) => {
      const id = sweeping ? tileOf(e.target)?.dataset.jobId : undefined
      if (id && id !== from) useGallerySelection.getState().selectMany(from ? [from, id] : [id], true)
    }
    const stop = () => (sweeping = false)
    const noFileDrag = (e: DragEvent) => {
      if (sweeping) e.preventDefault()
    }
    el.addEventListener('pointerdown', start)
    el.addEventListener('pointerover', over)
    el.addEventListener('dragstart', noFileDrag, true)
    window.addEventListener('pointerup', stop)
    window.addEventListener('pointercancel', stop)
    return () => {
      el.removeEventListener('pointerdown', start)
      el.removeEventListener('pointerover', over)
      el.removeEventListener('dragstart', noFileDrag, true)
      window.removeEventListener('pointerup', stop)
      window.removeEventListener('pointercancel', stop)
    }
  }, [grid])
}
