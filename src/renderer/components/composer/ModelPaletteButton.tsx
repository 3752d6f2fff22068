// The button beside the model picker that opens the model palette (app/palette), which is
// mounted once for the whole app.
import { useTranslation } from '../../i18n/page-i18n'
import { usePalette } from '../../stores/palette'
import { Button } from '../../ui/Button'

const mod = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl'

/** The button beside the model picker. */
export function ModelPaletteButton() {
  const { t } = useTranslation()
  return (
    <Button size="sm" variant="ghost" onClick={() => usePalette.getState().setOpen(true)} data-testid="open-palette" title={t('create:model.allTitle')}>
      {t('create:model.all')}{' '}
      <span translate="no">
        <kbd>{mod}</kbd>+<kbd>K</kbd>
      </span>
    </Button>
  )
}
