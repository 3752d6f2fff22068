// Settings under Electron: `settings.json` in the user-data folder (where electron-store
// kept it), in the format every shell shares (core/settings/file-settings-store).
import { join } from 'node:path'
import { app } from 'electron'
import { FileSettingsStore } from '../core/settings/file-settings-store'

export function electronSettingsStore(): FileSettingsStore {
  return new FileSettingsStore(join(app.getPath('userData'), 'settings.json'))
}
