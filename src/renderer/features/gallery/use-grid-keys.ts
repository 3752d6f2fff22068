// Arrow keys move the focus from tile to tile (up and down by a row), scrolling the grid so
// the next tile exists: with virtualization, a tile far from view is not in the DOM until
// its row is rendered, so the focus waits a few frames for it.
import { useEffect, type RefObject } from 'react'

/** Frames to wait for a tile whose row (or page) is still on its way. */
const FOCUS_TRIES = 30

export function useGridKeys(grid: RefObject<HTMLElement | null>, columns: number, total: number, reveal: (index: number) => void): void {
  useEffect(() => {
    const el = grid.current
    if (!el) return
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }
    const onKey = (e: KeyboardEvent) => {
      const step = steps[e.key]
      if (step === undefined || e.altKey || e.ctrlKey || e.metaKey) return
      if (!(e.target instanceof HTMLElement) || !e.target.classList.contains('gallery-open')) return
      const from = Number(e.target.closest<HTMLElement>('[data-index]')?.dataset.index)
      if (!Number.isInteger(from)) return
      const to = Math.min(total - 1, Math.max(0, from + step))
      e.preventDefault()
      if (to === from) return
      reveal(to)
      const focus = (tries: number) => {
        const button = el.querySelector<HTMLElement>(`[data-index="${to}"] .gallery-open`)
        if (button) button.focus({ preventScroll: true })
        else if (tries > 0) requestAnimationFrame(() => focus(tries - 1))
      }
      focus(FOCUS_TRIES)
    }
    el.addEventListener('keydown', onKey)
    return () => el.removeEventListener('keydown', onKey)
  }, [grid, columns, total, reveal])
}
