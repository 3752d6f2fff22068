// Advanced: a JSON profile that overrides the service's route table, for a service whose
// paths differ from the default; where the library and the engine's log live; and a
// repair of the library from the files on disk.
import { useState } from 'react'
import { detailsFromZodError, profileOverrideSchema, type ProfileOverride, type ValidationDetails } from '../../../shared/api'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'
import { Button } from '../../ui/Button'
import { Field, FieldErrors } from '../../ui/Field'
import { TextArea } from '../../ui/TextInput'
import { t as translate, Trans, useTranslation } from '../../i18n/page-i18n'
import { RepairLibrary } from './RepairLibrary'

const EXAMPLE = '{\n  "routes": {\n    "generateImage": { "path": "/v2/images" }\n  }\n}'

/** `value` is null for "no override" and undefined while the text is invalid. */
function validate(text: string): { value: ProfileOverride | null | undefined; details: ValidationDetails } {
  if (text.trim() === '') return { value: null, details: {} }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    return { value: undefined, details: { $: [translate('settings:advanced.notJson', { reason: err instanceof Error ? err.message : String(err) })] } }
  }
  const parsed = profileOverrideSchema.safeParse(json)
  return parsed.success ? { value: parsed.data, details: {} } : { value: undefined, details: detailsFromZodError(parsed.error) }
}

function storedText(stored: ProfileOverride | null | undefined): string {
  return stored ? JSON.stringify(stored, null, 2) : ''
}

export function AdvancedSection() {
  const { t } = useTranslation()
  const stored = useApp((s) => s.settings?.profileOverride)
  const logFile = useApp((s) => s.info?.logFile ?? null)
  const [text, setText] = useState(() => storedText(stored))
  const [followed, setFollowed] = useState(stored)
  const [saving, setSaving] = useState(false)
  const [server, setServer] = useState<ValidationDetails>({})

  // A fresh copy whenever the stored override changes (loaded, or saved from here),
  // adjusted while rendering as React advises for state that follows a prop.
  if (stored !== followed) {
    setFollowed(stored)
    setText(storedText(stored))
  }

  const { value, details } = validate(text)
  const all = { ...details, ...server }
  const dirty = text.trim() !== storedText(stored)

  const save = async () => {
    if (value === undefined) return
    setSaving(true)
    const r = await useApp.getState().updateSettings({ profileOverride: value })
    setSaving(false)
    if (!r.ok) {
      setServer(Object.fromEntries(Object.entries(r.error.details ?? { $: [r.error.message] }).map(([k, v]) => [k.replace(/^profileOverride\.?/, '') || '$', v])))
      return toast.error(r.error.message)
    }
    toast.success(value === null ? t('settings:advanced.defaultProfile') : t('settings:advanced.profileSaved'))
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-advanced">
      <h2 className="card-title" id="settings-advanced">
        {t('settings:advanced.title')}
      </h2>
      <Field label={t('settings:advanced.profile')} htmlFor="set-profile" hint={t('settings:advanced.profileHint')}>
        <TextArea
          id="set-profile"
          data-testid="profile-override"
          className="mono"
          rows={8}
          spellCheck={false}
          placeholder={EXAMPLE}
          // JSON, the same in every language (its example too).
          translate="no"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setServer({})
          }}
          aria-invalid={Object.keys(all).length > 0 || undefined}
        />
      </Field>
      <FieldErrors errors={Object.entries(all).map(([path, messages]) => ({ path: path === '$' ? 'profileOverride' : `profileOverride.${path}`, messages: path === '$' ? messages : messages.map((m) => `${path}: ${m}`) }))} />
      <div className="form-actions">
        <Button variant="primary" disabled={!dirty || Object.keys(details).length > 0} busy={saving} onClick={() => void save()} data-testid="save-profile">
          {t('settings:advanced.saveProfile')}
        </Button>
      </div>
      {logFile && (
        <p className="field-hint" data-testid="log-file">
          <Trans
            t={t}
            i18nKey="settings:advanced.logFile"
            components={{
              path: (
                <span className="mono" translate="no">
                  {logFile}
                </span>
              )
            }}
          />
        </p>
      )}
      <RepairLibrary />
    </section>
  )
}
