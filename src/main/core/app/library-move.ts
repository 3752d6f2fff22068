// Moving the library: where it may go (an absolute path, outside the current library and
// not holding it, a folder that is new or empty, so nothing there is mixed in), the copy
// itself, and the move around it: the engine stops (nothing writes into the library),
// every file is copied and its hash checked at the new place, and only then does the
// setting switch. The old folder is left as it was, for the user to delete once they are
// sure. Meanwhile the page is sent the copy's progress, and routes that need no engine
// keep answering. A copy in progress is marked by a file in the target; a move cut short by
// a crash leaves the mark behind, so the next try knows the files there are its own
// unfinished copy, clears them and starts again, instead of refusing a folder with files.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { isAbsolute, join, resolve, sep } from 'node:path'
import { errorCode } from '../fs/atomic-write'
import { copyVerified, type CopyProgress } from '../fs/copy-verified'
import { AppFailure } from './app-errors'
import type { AppEvents } from './app-events'
import type { SettingsStore } from '../settings/storage-ports'

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

export type LibraryCopy = typeof copyLibrary

export interface LibraryMoverOptions {
  settings: SettingsStore
  events: AppEvents
  engines: {
    mode(): 'demo' | 'live'
    libraryDir(): string
    restart(whileStopped: () => Promise<void>): Promise<void>
  }
  /** Holds submissions while the library moves. */
  whileChanging<T>(reason: string, work: () => Promise<T>): Promise<T>
  /** After the move, the service is asked about the key again. */
  reconnect(): void
  /** The copy step (a test holds it midway). */
  copy?: LibraryCopy
}

export async function moveLibrary(opts: LibraryMoverOptions, to: string): Promise<{ libraryDir: string; files: number; bytes: number }> {
  const { engines, events } = opts
  if (engines.mode() !== 'live') throw new AppFailure('conflict', 'The demo library stays in the app’s data folder; connect an account to move your library')
  const from = engines.libraryDir()
  const moveTarget = await checkMoveTarget(from, to)
  const copy = opts.copy ?? copyLibrary
  let copied = { files: 0, bytes: 0 }
  await opts.whileChanging('The library is being moved', () =>
    engines.restart(async () => {
      copied = await copy(from, moveTarget, (p: CopyProgress) => events.emit({ name: 'library.moveProgress', payload: p }))
      opts.settings.update({ libraryDir: moveTarget.target }).saved.catch((err: Error) => {
        events.notice('warning', `The new library folder could not be saved in the settings (${err.message.replace(/\.+$/, '')}); at the next start the app opens the old one, which is still whole.`)
      })
    })
  )
  opts.reconnect()
  return { libraryDir: engines.libraryDir(), ...copied }
}
