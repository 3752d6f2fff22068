// The settings file of every shell: `{schemaVersion, settings}` written through conf (the
// store electron-store is built on: atomic writes, one JSON file), so a file written by
// the desktop app, the Node host or the command line opens in any of them. Reading
// migrates older files (settings-migrations) and validates each field with the shared
// schema, keeping every valid one. A file that cannot be read in full is kept aside first
// (settings-damage). The API key never lives here (see the secret stores).
import { readFileSync } from 'node:fs'
import { parse } from 'node:path'
import Conf from 'conf'
import type { Settings, StoredSettingsPatch } from '../../../shared/app/settings'
import type { SettingsStore, SettingsUpdate } from './storage-ports'
import { keepSettingsAside, type SettingsDamage } from './settings-damage'
import { asSettingsFile, migrate, SCHEMA_VERSION, type SettingsFile } from './settings-migrations'
import { applyPatch, readSettings, unreadableFields } from './settings-values'

export class FileSettingsStore implements SettingsStore {
  private current: Settings
  private readonly damaged: SettingsDamage | null = null
  // Opened at the first write, so a folder that cannot hold the file fails that save
  // (and says so) rather than the start.
  private conf: Conf<SettingsFile> | null = null

  constructor(private readonly filePath: string) {
    const text = readText(filePath)
    const parsed = text === null ? {} : parseObject(text)
    const file = parsed ? asSettingsFile(parsed) : {}
    // An older file is migrated in memory and written in this version's shape at the next
    // save, so a command that only reads changes nothing on disk.
    const { settings } = migrate(file)
    const fields = unreadableFields(settings)
    if (parsed === null) this.damaged = keepSettingsAside(filePath, [])
    else if (fields.length) this.damaged = keepSettingsAside(filePath, fields)
    this.current = readSettings(settings)
  }

  damage(): SettingsDamage | null {
    return this.damaged
  }

  get(): Settings {
    return this.current
  }

  update(patch: StoredSettingsPatch): SettingsUpdate {
    this.current = applyPatch(this.current, patch)
    try {
      this.write()
      return { settings: this.current, saved: Promise.resolve() }
    } catch (err) {
      return { settings: this.current, saved: Promise.reject(new Error(settingsNotSaved(this.filePath, err))) }
    }
  }

  private write(): void {
    const { dir, name, ext } = parse(this.filePath)
    // Owner-only, like every file the app writes (conf would leave it readable by all).
    this.conf ??= new Conf<SettingsFile>({ cwd: dir, configName: name, fileExtension: ext.slice(1), clearInvalidConfig: false, configFileMode: 0o600 })
    // Only what the schema parsed is written, so nothing else (a key pasted in the wrong
    // place, say) can ride along into this file.
    this.conf.store = { schemaVersion: SCHEMA_VERSION, settings: this.current }
  }
}

/**
 * The settings a file holds, read and nothing else: nothing is migrated on disk, and a
 * damaged file is neither kept aside nor reported (it is another shell's to handle); what
 * cannot be read counts as the default. For a shell that reads another's file.
 */
export function peekSettings(filePath: string): Settings {
  const text = readText(filePath)
  const parsed = text === null ? null : parseObject(text)
  return readSettings(parsed ? migrate(asSettingsFile(parsed)).settings : {})
}

/** The file's text; null when there is none, or none this process may read. */
function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
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

function settingsNotSaved(where: string, err: unknown): string {
  return `The settings could not be saved to ${where}: ${err instanceof Error ? err.message : String(err)}`
}
