// After a model is picked in the palette, focus goes to what the user fills in next: its
// prompt, or the model picker when the model takes none. The view may still be on its way
// (another view's code loads on first use), so this waits for it to show, for a while.
import type { View } from '../../stores/navigation'

const GIVE_UP_MS = 10_000

function fieldToFocus(view: View): HTMLElement | null {
  const main = document.querySelector<HTMLElement>(`main[data-testid="view-${view}"]`)
  if (!main) return null
  return main.querySelector<HTMLElement>('[data-testid="prompt-input"]') ?? main.querySelector<HTMLElement>('[data-testid="model-select"]')
}

export function focusChosenModel(view: View): void {
  const focus = () => {
    const field = fieldToFocus(view)
    field?.focus()
    return field !== null
  }
  // The palette closes and the view renders in the same turn; focus once both are done.
  requestAnimationFrame(() => {
    if (focus()) return
    const watcher = new MutationObserver(() => {
      if (focus()) stop()
    })
    const timer = window.setTimeout(() => stop(), GIVE_UP_MS)
    const stop = () => {
      watcher.disconnect()
      window.clearTimeout(timer)
    }
    watcher.observe(document.body, { childList: true, subtree: true })
  })
}
