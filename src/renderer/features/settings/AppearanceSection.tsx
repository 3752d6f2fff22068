// The page's colours: follow the system, or always light or dark. Applied and saved at
// once, since a theme is judged by looking at it.
import { THEMES, type Theme } from '../../../shared/app/settings'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'

const LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' }

export function AppearanceSection() {
  const theme = useApp((s) => s.settings?.theme)
  const update = useApp((s) => s.updateSettings)
  const choose = async (next: Theme) => {
    const r = await update({ theme: next })
    if (!r.ok) toast.error(r.error.message)
  }
  return (
    <section className="card settings-section" aria-labelledby="settings-appearance">
      <h2 className="card-title" id="settings-appearance">
        Appearance
      </h2>
      <fieldset className="segmented" data-testid="theme-choice">
        <legend className="field-label">Theme</legend>
        <div className="tabs">
          {THEMES.map((t) => (
            <label key={t} className={`tab${theme === t ? ' is-active' : ''}`}>
              <input type="radio" name="theme" value={t} checked={theme === t} disabled={!theme} onChange={() => void choose(t)} data-testid={`theme-${t}`} />
              {LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="settings-note">System follows your operating system’s light or dark setting as it changes.</p>
    </section>
  )
}
