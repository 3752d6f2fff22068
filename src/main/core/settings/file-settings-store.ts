// Settings under plain Node: one JSON file, validated with the settings schema (an
// invalid or missing field falls back to its default), written crash-safely. A file that
// cannot be read in full is kept aside first (see settings-damage).
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type StoredSettingsPatch } from '../../../shared/app/settings'
import { writeFileAtomic } from '../fs/atomic-write'
import type { SettingsStore, SettingsUpdate } from '../app/ports'
import { keepSettingsAside, type SettingsDamage } from './settings-damage'

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

export class FileSettingsStore implements SettingsStore {
  private current: Settings
  // Saves run one after another, each writing the settings as they are when it
  // starts, so the file always ends up with the newest.
  private saving: Promise<void> = Promise.resolve()

  private readonly damaged: SettingsDamage | null = null

  constructor(private readonly filePath: string, overrides: Partial<Settings> = {}) {
    let text: string | null = null
    try {
      text = readFileSync(filePath, 'utf8')
    } catch {
      // No settings yet (or none readable at all): the defaults.
    }
    let raw: Record<string, unknown> = {}
    if (text !== null) {
      raw = parseObject(text) ?? {}
      const fields = unreadableFields(raw)
      if (parseObject(text) === null || fields.length) this.damaged = keepSettingsAside(filePath, fields)
    }
    this.current = { ...readSettings(raw), ...overrides }
  }

  damage(): SettingsDamage | null {
    return this.damaged
  }

  get(): Settings {
    return this.current
  }

  update(patch: StoredSettingsPatch): SettingsUpdate {
    this.current = applyPatch(this.current, patch)
    const saved = this.saving.then(() => this.save())
    this.saving = saved.catch(() => undefined)
    return { settings: this.current, saved }
  }

  private async save(): Promise<void> {
    try {
      await mkdir(dirname(this.filePath), { recursive: true })
      await writeFileAtomic(this.filePath, JSON.stringify(this.current, null, 2))
    } catch (err) {
      throw new Error(settingsNotSaved(this.filePath, err))
    }
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export function settingsNotSaved(where: string, err: unknown): string {
  return `The settings could not be saved to ${where}: ${err instanceof Error ? err.message : String(err)}`
}
