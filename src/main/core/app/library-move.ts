// Moving the library: where it may go (an absolute path, outside the current library and
// not holding it, a folder that is new or empty, so nothing there is mixed in), the copy
// itself, and the move around it: the engine stops and the data folder stays held (no
// process writes into the library meanwhile), every file is copied and its hash checked at
// the new place, the old folder gets a note saying where the library went
// (library/library-moved.ts), and only then does the setting switch. The old folder is
// otherwise left as it was, for the user to delete once they are sure; every shell that
// is pointed at it follows the note, so nothing is written there again. Meanwhile the page
// is sent the copy's progress, and routes that need no engine keep answering. A copy in
// progress is marked by a file in the target; a move cut short by a crash leaves the mark
// behind, so the next try knows the files there are its own unfinished copy, clears them
// and starts again, instead of refusing a folder with files.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { isAbsolute, join, resolve, sep } from 'node:path'
import { errorCode } from '../fs/atomic-write'
import { copyVerified, type CopyProgress } from '../fs/copy-verified'
import { FolderBusyError, lockFolder } from '../fs/folder-lock'
import { followLibraryMoves, LibraryMovedError, requireMovedLibrary, writeMovedNote } from '../library/library-moved'
import { AppFailure } from './app-errors'
import type { AppEvents } from './app-events'
import type { SettingsStore } from '../settings/storage-ports'
import { tm } from '../i18n/main-i18n'
import { message } from '../i18n/notice-text'

/** Present in the target from the first byte copied until the copy is proven. */
const UNFINISHED_MARK = '.mediagen-move-unfinished'

function invalid(message: string): AppFailure {
  return new AppFailure('invalid_input', message, { to: [message] })
}

/** The target folder, resolved; and whether it existed (empty) before the move. */
export async function checkMoveTarget(from: string, to: string): Promise<{ target: string; existed: boolean }> {
  if (!isAbsolute(to)) throw invalid(tm('main:move.notAbsolute'))
  const target = resolve(to)
  const source = resolve(from)
  if (target === source || target.startsWith(source + sep) || source.startsWith(target + sep)) {
    throw invalid(tm('main:move.inside'))
  }
  let names: string[]
  try {
    names = await readdir(target)
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return { target, existed: false }
    if (errorCode(err) === 'ENOTDIR') throw invalid(tm('main:move.isFile'))
    throw err
  }
  if (names.includes(UNFINISHED_MARK)) {
    // An earlier move into this folder was cut short (the app closed or crashed): what is
    // there is that move's partial copy, and nothing else.
    await clearFolder(target)
    return { target, existed: true }
  }
  if (names.length > 0) throw invalid(tm('main:move.notEmpty'))
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
    await discardCopy({ target, existed })
    throw err
  }
}

/** Removes what a move wrote into its target, leaving the folder as it was (new or empty). */
async function discardCopy({ target, existed }: { target: string; existed: boolean }): Promise<void> {
  await rm(target, { recursive: true, force: true })
  if (existed) await mkdir(target, { recursive: true })
}

export type LibraryCopy = typeof copyLibrary

/** In main's language, when they are said. */
const MESSAGES = {
  demo: () => tm('main:move.demo'),
  reason: () => tm('main:move.reason'),
  notMarked: (from: string, why: string) => tm('main:move.notMarked', { from, reason: why.replace(/\.+$/, '') })
}

export interface LibraryMoverOptions {
  settings: SettingsStore
  events: AppEvents
  /** The live account's data folder: held through the copy, so no other process writes meanwhile. */
  accountDir: string
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

/** The folder the library is in now; an AppFailure a person can read when it is missing or its move note leads nowhere. */
async function currentLibrary(dir: string): Promise<string> {
  try {
    const found = (await followLibraryMoves(dir)).dir
    await requireMovedLibrary(found)
    return found
  } catch (err) {
    if (err instanceof LibraryMovedError) throw new AppFailure('conflict', err.message)
    throw err
  }
}

/** Runs `work` holding the account's data folder, refusing at once when another process has it. */
async function holdingFolder<T>(dir: string, work: () => Promise<T>): Promise<T> {
  let release: () => Promise<void>
  try {
    release = await lockFolder(dir, { waitMs: 0 })
  } catch (err) {
    if (err instanceof FolderBusyError) throw new AppFailure('conflict', err.message)
    throw err
  }
  try {
    return await work()
  } finally {
    await release()
  }
}

/** Copies, proves the copy, and marks the old folder; the copy is removed if it cannot be marked. */
async function copyAndMark(opts: LibraryMoverOptions, from: string, moveTarget: { target: string; existed: boolean }) {
  const copy = opts.copy ?? copyLibrary
  const copied = await copy(from, moveTarget, (p: CopyProgress) => opts.events.emit({ name: 'library.moveProgress', payload: p }))
  try {
    await writeMovedNote(from, moveTarget.target)
  } catch (err) {
    await discardCopy(moveTarget)
    throw new AppFailure('internal', MESSAGES.notMarked(from, errorCode(err) ?? (err as Error).message))
  }
  return copied
}

export async function moveLibrary(opts: LibraryMoverOptions, to: string): Promise<{ libraryDir: string; files: number; bytes: number }> {
  const { engines, events } = opts
  if (engines.mode() !== 'live') throw new AppFailure('conflict', MESSAGES.demo())
  const from = await currentLibrary(engines.libraryDir())
  const moveTarget = await checkMoveTarget(from, to)
  let copied = { files: 0, bytes: 0 }
  await opts.whileChanging(MESSAGES.reason(), () =>
    engines.restart(() =>
      holdingFolder(opts.accountDir, async () => {
        copied = await copyAndMark(opts, from, moveTarget)
        opts.settings.update({ libraryDir: moveTarget.target }).saved.catch((err: Error) => {
          events.notice('warning', message('main:move.notSaved', { reason: err.message.replace(/\.+$/, '') }))
        })
      })
    )
  )
  opts.reconnect()
  return { libraryDir: engines.libraryDir(), ...copied }
}
