// Settings under Electron: `settings.json` in the user-data folder, through electron-store
// (atomic writes). The file is `{schemaVersion, settings}`; reading migrates old files
// step by step and validates with the shared schema, keeping every valid field and
// defaulting the rest. The API key never lives here (see secret-store.ts).
import { join } from 'node:path'
import { app } from 'electron'
import Store from 'electron-store'
import type { Settings, StoredSettingsPatch } from '../../shared/app/settings'
import { applyPatch, readSettings, settingsNotSaved } from '../core/settings/file-settings-store'
import type { SettingsStore, SettingsUpdate } from '../core/app/ports'
import { migrate, SCHEMA_VERSION, type SettingsFile } from './settings-migrations'
import { keepSettingsAside, type SettingsDamage } from '../core/settings/settings-damage'

export class ElectronSettingsStore implements SettingsStore {
  private readonly store: Store<SettingsFile>
  private current: Settings
  private readonly damaged: SettingsDamage | null = null

  constructor() {
    // An unreadable file is kept aside and reported (see settings-damage), never cleared in silence.
    try {
      this.store = new Store<SettingsFile>({ name: 'settings', clearInvalidConfig: false })
    } catch {
      this.damaged = keepSettingsAside(join(app.getPath('userData'), 'settings.json'), [])
      this.store = new Store<SettingsFile>({ name: 'settings', clearInvalidConfig: false })
    }
    const file: SettingsFile = { schemaVersion: this.store.get('schemaVersion'), settings: this.store.get('settings') }
    const { version, settings } = migrate(file)
    this.current = readSettings(settings)
    // A migrated file is saved at once, so each migration runs only once (if that
    // fails, it simply runs again at the next start).
    if (file.settings !== undefined && file.schemaVersion !== version) {
      try {
        this.write()
      } catch {
        // Nothing is lost: the file on disk is still the older version.
      }
    }
  }

  damage(): SettingsDamage | null {
    return this.damaged
  }

  get(): Settings {
    return this.current
  }

  update(patch: StoredSettingsPatch): SettingsUpdate {
    this.current = applyPatch(this.current, patch)
    // electron-store writes synchronously and throws on failure.
    try {
      this.write()
      return { settings: this.current, saved: Promise.resolve() }
    } catch (err) {
      return { settings: this.current, saved: Promise.reject(new Error(settingsNotSaved(this.store.path, err))) }
    }
  }

  private write(): void {
    // Only what the schema parsed is written, so nothing else (a key pasted in the wrong
    // place, say) can ride along into this file.
    this.store.set({ schemaVersion: SCHEMA_VERSION, settings: this.current })
  }
}
