// The page's colours: follow the system, or always light or dark. Applied and saved at
// once, since a theme is judged by looking at it.
import { THEMES, type Theme } from '../../../shared/app/settings'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'
import { useTranslation } from '../../i18n/page-i18n'

const LABEL_KEYS = { system: 'settings:appearance.system', light: 'settings:appearance.light', dark: 'settings:appearance.dark' } as const satisfies Record<Theme, string>

export function AppearanceSection() {
  const { t: tr } = useTranslation()
  const theme = useApp((s) => s.settings?.theme)
  const update = useApp((s) => s.updateSettings)
  const choose = async (next: Theme) => {
    const r = await update({ theme: next })
    if (!r.ok) toast.error(r.error.message)
  }
  return (
    <section className="card settings-section" aria-labelledby="settings-appearance">
      <h2 className="card-title" id="settings-appearance">
        {tr('settings:appearance.title')}
      </h2>
      <fieldset className="segmented" data-testid="theme-choice">
        <legend className="field-label">{tr('settings:appearance.theme')}</legend>
        <div className="tabs">
          {THEMES.map((t) => (
            <label key={t} className={`tab${theme === t ? ' is-active' : ''}`}>
              <input type="radio" name="theme" value={t} checked={theme === t} disabled={!theme} onChange={() => void choose(t)} data-testid={`theme-${t}`} />
              {tr(LABEL_KEYS[t])}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="settings-note">{tr('settings:appearance.systemNote')}</p>
    </section>
  )
}
