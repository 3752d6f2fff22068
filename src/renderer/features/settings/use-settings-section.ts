// A section of the settings page: a local copy of some settings, validated by the
// contract's patch schema as the user edits, saved together.
import { useState } from 'react'
import type { Settings, SettingsPatch } from '../../../shared/app/settings'
import { settingsPatchSchema } from '../../../shared/app/settings'
import { detailsFromZodError, type ValidationDetails } from '../../../shared/api'
import { problemText } from '../../forms/problem-text'
import { detailsOf } from '../../api/client'
import { useApp } from '../../stores/app'
import { toast } from '../../stores/toasts'
import { t } from '../../i18n/page-i18n'

type Key = keyof SettingsPatch & keyof Settings
export type SectionValues<K extends Key> = { [P in K]: unknown }

export interface SettingsSection<K extends Key> {
  values: SectionValues<K>
  set(key: K, value: unknown): void
  details: ValidationDetails
  dirty: boolean
  saving: boolean
  save(): Promise<void>
}

function pick<K extends Key>(settings: Settings | null, keys: readonly K[]): SectionValues<K> {
  return Object.fromEntries(keys.map((k) => [k, settings?.[k]])) as SectionValues<K>
}

export function useSettingsSection<K extends Key>(keys: readonly K[]): SettingsSection<K> {
  const settings = useApp((s) => s.settings)
  const [values, setValues] = useState(() => pick(settings, keys))
  const [server, setServer] = useState<ValidationDetails>({})
  const [saving, setSaving] = useState(false)

  // A fresh copy whenever this section's stored settings change (loaded, or saved from
  // here), adjusted while rendering as React advises for state that follows props. Another
  // section's change (the language, the theme) leaves what is being typed here alone.
  const stored = JSON.stringify(pick(settings, keys))
  const [followed, setFollowed] = useState(stored)
  if (followed !== stored) {
    setFollowed(stored)
    setValues(pick(settings, keys))
  }

  const patch = Object.fromEntries(keys.filter((k) => JSON.stringify(values[k]) !== JSON.stringify(settings?.[k])).map((k) => [k, values[k]])) as SettingsPatch
  const parsed = settingsPatchSchema.safeParse(patch)
  // What is wrong with a value is said in the page's language, whoever found it.
  const found = { ...(parsed.success ? {} : detailsFromZodError(parsed.error)), ...server }
  const details = Object.fromEntries(Object.entries(found).map(([path, messages]) => [path, messages.map(problemText)]))

  return {
    values,
    set(key, value) {
      setValues((v) => ({ ...v, [key]: value }))
      setServer({})
    },
    details,
    dirty: Object.keys(patch).length > 0,
    saving,
    async save() {
      if (!parsed.success) return
      setSaving(true)
      const r = await useApp.getState().updateSettings(parsed.data)
      setSaving(false)
      if (!r.ok) {
        setServer(detailsOf(r.error) ?? {})
        toast.error(r.error.message)
      } else toast.success(t('settings:saved'))
    }
  }
}
