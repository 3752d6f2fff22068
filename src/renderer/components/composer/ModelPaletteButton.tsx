// The button beside the model picker that opens the model palette (app/palette), which is
// mounted once for the whole app.
import { usePalette } from '../../stores/palette'
import { Button } from '../../ui/Button'

const mod = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl'

/** The button beside the model picker. */
export function ModelPaletteButton() {
  return (
    <Button size="sm" variant="ghost" onClick={() => usePalette.getState().setOpen(true)} data-testid="open-palette" title="Search every model">
      All models <kbd>{mod}</kbd>+<kbd>K</kbd>
    </Button>
  )
}
