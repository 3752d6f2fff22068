// The data folder's shared settings file (settings.json), the one the app and `serve` keep
// in the same folder. What the command line must agree on with them is read from there:
// where a library move put the library (library-location.ts), and the spending limits, so
// a limit set in the app holds for the command line's sends and one set by `limits` holds
// for the app's. The command line's own file (cli-settings.json) keeps only what is its
// own: the base URL it was given.
import { join } from 'node:path'
import type { Settings } from '../../shared/app/settings'
import { limitsOf, type SpendLimits } from '../../shared/app/spend-limits'
import { FileSettingsStore, peekSettings } from '../core/settings/file-settings-store'

function sharedSettingsFile(dataDir: string): string {
  return join(dataDir, 'settings.json')
}

/** The shared settings as they are on disk now, read and nothing else (see peekSettings). */
export function peekFolderSettings(dataDir: string): Settings {
  return peekSettings(sharedSettingsFile(dataDir))
}

/** The spending limits as the shared settings have them now: read at each send, so a change made elsewhere holds at once. */
export function folderLimits(dataDir: string): SpendLimits {
  return limitsOf(peekFolderSettings(dataDir))
}

/**
 * The shared settings file to write, for when no process holds the data folder: while one
 * does (the app, `serve`), its settings are changed through it, since it keeps them in
 * memory and writes them whole.
 */
export function folderSettingsStore(dataDir: string): FileSettingsStore {
  return new FileSettingsStore(sharedSettingsFile(dataDir))
}
