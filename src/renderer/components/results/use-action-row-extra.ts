// How much taller a group's action row is than the one line GroupList's sizes count on.
// The row wraps when the results column is narrow or the words are long (German, at
// 1280 px), and a wrapped row would push its last buttons below the window; the pictures
// give up that height instead, so a group and all its actions stay in view together.
import { useEffect, useState, type RefObject } from 'react'

/** The action row's height on one line, as result-groups.css lays it out. */
export const ACTION_ROW_LINE = 34

/** The first group's action row beyond one line, in pixels (0 where nothing is laid out). */
export function actionRowExtra(scroller: HTMLElement | null): number {
  const row = scroller?.querySelector('[data-testid="result-group-actions"]')
  const height = row?.getBoundingClientRect().height ?? 0
  return height > ACTION_ROW_LINE ? Math.ceil(height - ACTION_ROW_LINE) : 0
}

/** Measured when the row is drawn or resized, and again when what decides its width or words changes (`deps`). */
export function useActionRowExtra(scroller: RefObject<HTMLElement | null>, deps: readonly unknown[]): number {
  const [extra, setExtra] = useState(0)
  useEffect(() => {
    const measure = () => setExtra((was) => {
      const next = actionRowExtra(scroller.current)
      return was === next ? was : next
    })
    const frame = requestAnimationFrame(measure)
    const row = scroller.current?.querySelector('[data-testid="result-group-actions"]')
    const observer = new ResizeObserver(measure)
    if (row) observer.observe(row)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the row depends on
  }, deps)
  return extra
}
