// Settings under plain Node: one JSON file, validated with the settings schema (an
// invalid or missing field falls back to its default), written crash-safely.
import { readFileSync } from 'node:fs'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsPatch } from '../../../shared/app/settings'
import { writeFileAtomic } from '../fs/atomic-write'
import type { SettingsStore } from '../app/ports'

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

export function applyPatch(current: Settings, patch: SettingsPatch): Settings {
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

  update(patch: SettingsPatch): Settings {
    this.current = applyPatch(this.current, patch)
    mkdirSync(dirname(this.filePath), { recursive: true })
    // Settings are small and rarely written; the write completes in the background, and a
    // failure is reported rather than lost (the new values still apply to this run).
    writeFileAtomic(this.filePath, JSON.stringify(this.current, null, 2)).catch((err: unknown) => {
      process.stderr.write(`Could not save settings to ${this.filePath}: ${err instanceof Error ? err.message : String(err)}\n`)
    })
    return this.current
  }
}
