// Checks where the library may be moved: an absolute path, outside the current library
// (and not holding it), to a folder that is new or empty, so nothing there is mixed in.
import { readdir } from 'node:fs/promises'
import { isAbsolute, resolve, sep } from 'node:path'
import { errorCode } from '../fs/atomic-write'
import { AppFailure } from './app-errors'

function invalid(message: string): AppFailure {
  return new AppFailure('invalid_input', message, { to: [message] })
}

/** The target folder, resolved; and whether it existed (empty) before the move. */
export async function checkMoveTarget(from: string, to: string): Promise<{ target: string; existed: boolean }> {
  if (!isAbsolute(to)) throw invalid('Enter the full path of the new folder')
  const target = resolve(to)
  const source = resolve(from)
  if (target === source || target.startsWith(source + sep) || source.startsWith(target + sep)) {
    throw invalid('The new folder cannot be the library, inside it, or hold it')
  }
  try {
    if ((await readdir(target)).length > 0) throw invalid('Choose a new or empty folder: this one has files in it')
    return { target, existed: true }
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return { target, existed: false }
    if (errorCode(err) === 'ENOTDIR') throw invalid('That path is a file, not a folder')
    throw err
  }
}
