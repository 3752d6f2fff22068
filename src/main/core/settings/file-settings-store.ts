// Settings under plain Node: one JSON file, validated with the settings schema (an
// invalid or missing field falls back to its default), written crash-safely.
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type StoredSettingsPatch } from '../../../shared/app/settings'
import { writeFileAtomic } from '../fs/atomic-write'
import type { SettingsStore, SettingsUpdate } from '../app/ports'

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

  constructor(private readonly filePath: string, overrides: Partial<Settings> = {}) {
    let raw: unknown = {}
    try {
      raw = JSON.parse(readFileSync(filePath, 'utf8'))
    } catch {
      raw = {}
    }
    this.current = { ...readSettings(raw), ...overrides }
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

export function settingsNotSaved(where: string, err: unknown): string {
  return `The settings could not be saved to ${where}: ${err instanceof Error ? err.message : String(err)}`
}
