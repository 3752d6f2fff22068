// Settings → Language: the app's languages, each by its own name (so a user finds theirs
// whatever the page speaks now), or the system's. Applied and saved at once, like the
// theme; the menu, main's notices and the notifications follow.
import { FOLLOW_SYSTEM, isLanguage, LANGUAGE_NAMES, LANGUAGES, resolveLanguage } from '../../../shared/i18n/languages'
import { systemLanguages, useTranslation } from '../../i18n/page-i18n'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'
import { Field } from '../../ui/Field'

export function LanguageSection() {
  const { t } = useTranslation()
  const setting = useApp((s) => s.settings?.language)
  const update = useApp((s) => s.updateSettings)
  const system = LANGUAGE_NAMES[resolveLanguage(FOLLOW_SYSTEM, systemLanguages())]
  const choose = async (next: string) => {
    const language = next === FOLLOW_SYSTEM ? FOLLOW_SYSTEM : isLanguage(next) ? next : null
    if (!language) return
    const r = await update({ language })
    if (!r.ok) toast.error(r.error.message)
  }
  // A language a newer version saved, which this one does not speak, reads as the system's.
  const value = setting && isLanguage(setting) ? setting : FOLLOW_SYSTEM
  return (
    <section className="card settings-section" aria-labelledby="settings-language">
      <h2 className="card-title" id="settings-language">
        {t('settings:language.title')}
      </h2>
      <Field label={t('settings:language.label')} htmlFor="set-language" hint={t('settings:language.hint')}>
        <select id="set-language" className="input select" data-testid="language-select" value={value} disabled={!setting} onChange={(e) => void choose(e.target.value)}>
          <option value={FOLLOW_SYSTEM}>{t('settings:language.system', { language: system })}</option>
          {LANGUAGES.map((language) => (
            // Each in its own language, marked so, for screen readers and translators alike.
            <option key={language} value={language} lang={language} translate="no">
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </Field>
    </section>
  )
}
