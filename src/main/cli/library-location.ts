// Where the command line finds the library of a data folder. A library move is made in the
// app or in `serve`, and recorded in the data folder's shared settings file (settings.json),
// not in the command line's own (cli-settings.json): so the command line reads the library
// folder from there, and falls back to `<data>/live/library`. Either way the engine (and
// `ls`) then follows the note a move leaves in an old folder, so a command line on a data
// folder whose settings lost the move still never writes into the old folder.
import { join } from 'node:path'
import { followedMessage, followLibraryMoves, LibraryMovedError, requireMovedLibrary, type LibraryMove } from '../core/library/library-moved'
import { peekFolderSettings } from './folder-settings'

/** The live account's folder in a data folder. */
export function accountDirOf(dataDir: string): string {
  return join(dataDir, 'live')
}

/**
 * The library folder the data folder's settings name, before any move note is followed,
 * and whether a move put it there (then it must exist: see prepareLibraryFolder).
 */
export function libraryDirOf(dataDir: string): { dir: string; moved: boolean } {
  const moved = peekFolderSettings(dataDir).libraryDir
  return { dir: moved || join(accountDirOf(dataDir), 'library'), moved: !!moved }
}

/**
 * The library's folder as an engine would open it, found without writing anything: the
 * folder the settings name, then wherever its move notes lead (throws LibraryMovedError
 * when a note leads nowhere).
 */
export async function findLibrary(dataDir: string): Promise<{ dir: string; moves: LibraryMove[] }> {
  const { dir, moved } = libraryDirOf(dataDir)
  if (moved) await requireMovedLibrary(dir)
  return followLibraryMoves(dir)
}

/**
 * findLibrary for a command: each move followed is said on `err`, and a note that leads
 * nowhere is said there too, answering null (the command then exits 1, touching nothing).
 */
export async function libraryForCommand(dataDir: string, err: (line: string) => void): Promise<string | null> {
  try {
    const { dir, moves } = await findLibrary(dataDir)
    for (const move of moves) err(followedMessage(move))
    return dir
  } catch (e) {
    if (!(e instanceof LibraryMovedError)) throw e
    err(e.message)
    return null
  }
}
