// Moving the library: where it may go (an absolute path, outside the current library and
// not holding it, a folder that is new or empty, so nothing there is mixed in), and the
// copy itself. A copy in progress is marked by a file in the target; a move cut short by
// a crash leaves the mark behind, so the next try knows the files there are its own
// unfinished copy, clears them and starts again, instead of refusing a folder with files.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { isAbsolute, join, resolve, sep } from 'node:path'
import { errorCode } from '../fs/atomic-write'
import { copyVerified, type CopyProgress } from '../fs/copy-verified'
import { AppFailure } from './app-errors'

/** Present in the target from the first byte copied until the copy is proven. */
const UNFINISHED_MARK = '.mediagen-move-unfinished'

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
  let names: string[]
  try {
    names = await readdir(target)
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return { target, existed: false }
    if (errorCode(err) === 'ENOTDIR') throw invalid('That path is a file, not a folder')
    throw err
  }
  if (names.includes(UNFINISHED_MARK)) {
    // An earlier move into this folder was cut short (the app closed or crashed): what is
    // there is that move's partial copy, and nothing else.
    await clearFolder(target)
    return { target, existed: true }
  }
  if (names.length > 0) throw invalid('Choose a new or empty folder: this one has files in it')
  return { target, existed: true }
}

async function clearFolder(dir: string): Promise<void> {
  for (const name of await readdir(dir)) if (name !== UNFINISHED_MARK) await rm(join(dir, name), { recursive: true, force: true })
  await rm(join(dir, UNFINISHED_MARK), { force: true })
}

/**
 * Copies the library to the checked target and proves the copy. On failure only what this
 * move wrote is removed (the folder was new or empty), leaving it as it was.
 */
export async function copyLibrary(from: string, moveTarget: { target: string; existed: boolean }, onProgress: (p: CopyProgress) => void): Promise<{ files: number; bytes: number }> {
  const { target, existed } = moveTarget
  try {
    await mkdir(target, { recursive: true })
    await writeFile(join(target, UNFINISHED_MARK), 'A library move into this folder has not finished; the next move clears it.\n')
    const copied = await copyVerified(from, target, onProgress)
    await rm(join(target, UNFINISHED_MARK))
    return copied
  } catch (err) {
    await rm(target, { recursive: true, force: true })
    if (existed) await mkdir(target, { recursive: true })
    throw err
  }
}
