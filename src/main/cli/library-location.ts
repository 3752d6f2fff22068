// Where the command line finds the library of a data folder. A library move is made in the
// app or in `serve`, and recorded in the data folder's shared settings file (settings.json),
// not in the command line's own (cli-settings.json): so the command line reads the library
// folder from there, and falls back to `<data>/live/library`. Either way the engine (and
// `ls`) then follows the note a move leaves in an old folder, so a command line on a data
// folder whose settings lost the move still never writes into the old folder.
import { join } from 'node:path'
import { peekSettings } from '../core/settings/file-settings-store'

/** The live account's folder in a data folder. */
export function accountDirOf(dataDir: string): string {
  return join(dataDir, 'live')
}

/**
 * The library folder the data folder's settings name, before any move note is followed,
 * and whether a move put it there (then it must exist: see prepareLibraryFolder).
 */
export function libraryDirOf(dataDir: string): { dir: string; moved: boolean } {
  const moved = peekSettings(join(dataDir, 'settings.json')).libraryDir
  return { dir: moved || join(accountDirOf(dataDir), 'library'), moved: !!moved }
}
