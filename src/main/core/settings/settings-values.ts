// Reading stored settings field by field: a value the schema refuses falls back to its
// default and is named, so the rest of the file stays in use.
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type StoredSettingsPatch } from '../../../shared/app/settings'

/** Fields of stored settings that the schema refuses (they would fall back to their defaults). */
export function unreadableFields(raw: Record<string, unknown>): string[] {
  if (settingsSchema.safeParse(raw).success) return []
  return Object.entries(raw).filter(([k, v]) => !settingsSchema.safeParse({ [k]: v }).success).map(([k]) => k)
}

/** Reads stored settings, keeping every valid field and defaulting the rest. */
export function readSettings(raw: unknown): Settings {
  const whole = settingsSchema.safeParse(raw)
  if (whole.success) return whole.data
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw)) {
      const one = settingsSchema.safeParse({ [k]: v })
      if (one.success) result[k] = (one.data as Record<string, unknown>)[k]
    }
  }
  return settingsSchema.parse(result)
}

export function applyPatch(current: Settings, patch: StoredSettingsPatch): Settings {
  const next: Record<string, unknown> = { ...current }
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue
    if (v === null) delete next[k]
    else next[k] = v
  }
  return settingsSchema.parse(next)
}
