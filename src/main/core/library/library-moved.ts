// The note a library move leaves in the old folder: where the library went and when. The
// old folder is left whole for the user to delete, but until they do, any process that is
// pointed at it (a command line on the app's data folder, an old setting, a settings file
// that lost its change) must write nothing there: its writes would land in a copy nobody
// reads any more. So every shell that opens a library folder first follows its note, and
// refuses, saying why, when the note cannot be read or leads nowhere. Only reads happen
// here; the one write is the note itself, made by the move.
import { mkdir, open, stat } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import { z } from 'zod'
import { errorCode, writeFileAtomic } from '../fs/atomic-write'
import { tm } from '../i18n/main-i18n'
import { message, renderNotice } from '../i18n/notice-text'
import type { Message } from '../../../shared/i18n/message'

/** The note's name in the old library folder. */
export const MOVED_NOTE = 'library-moved.json'
/** A note is a few hundred bytes; anything past this is not one. */
const MAX_NOTE_BYTES = 64 * 1024
/** A library moved more often than this without the old folders being deleted is not followed further. */
const MAX_MOVES = 32

const noteSchema = z.object({
  movedTo: z.string().min(1).refine(isAbsolute, 'must be a full path'),
  movedAt: z.string().optional()
})

export interface LibraryMove {
  from: string
  to: string
  /** When, as the note says (ISO), if it says. */
  at: string | null
}

/** A library folder that may not be opened: its note cannot be read, or leads nowhere. */
export class LibraryMovedError extends Error {
  readonly code = 'ELIBRARYMOVED'
}

/** When a note says the move was made: a moment in UTC, written the same everywhere. */
const when = (at: string): string => at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC').replace(/Z$/, ' UTC')

/** In main's language, when they are said. */
const MESSAGES = {
  damaged: (dir: string, why: string) => tm('main:moved.damaged', { dir, note: join(dir, MOVED_NOTE), reason: why, example: '{"movedTo": "…"}' }),
  missing: (m: LibraryMove) => tm('main:moved.missing', { from: m.from, to: m.to, at: m.at ? when(m.at) : 'none', note: join(m.from, MOVED_NOTE) }),
  notFolder: (m: LibraryMove) => tm('main:moved.notFolder', { from: m.from, to: m.to, at: m.at ? when(m.at) : 'none', note: join(m.from, MOVED_NOTE) }),
  gone: (dir: string) => tm('main:moved.gone', { dir }),
  circle: (dirs: string[]) => tm('main:moved.circle', { dirs: dirs.join(' → '), note: MOVED_NOTE })
}

/** A followed move's notice: its key and values, so the page says it in its own language. */
export function followedNotice(m: LibraryMove): Message {
  return m.at ? message('main:moved.followedAt', { from: m.from, to: m.to, at: when(m.at) }) : message('main:moved.followed', { from: m.from, to: m.to })
}

/** A followed move in main's language, for the command line. */
export const followedMessage = (m: LibraryMove): string => renderNotice(followedNotice(m))

/** Leaves the note in the old folder, once the copy at the new place is proven. */
export async function writeMovedNote(from: string, to: string, at: Date = new Date()): Promise<void> {
  const note = {
    movedTo: to,
    movedAt: at.toISOString(),
    about: tm('main:moved.note', { to })
  }
  await writeFileAtomic(join(from, MOVED_NOTE), JSON.stringify(note, null, 2) + '\n')
}

/** The note's text; null when there is none. Throws when it exists but cannot be read. */
async function readNoteText(dir: string): Promise<string | null> {
  let handle
  try {
    handle = await open(join(dir, MOVED_NOTE), 'r')
  } catch (err) {
    // No note, or no folder at all (a library not made yet): nothing was moved from here.
    if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return null
    throw new LibraryMovedError(MESSAGES.damaged(dir, errorCode(err) ?? String(err)))
  }
  try {
    const buffer = Buffer.alloc(MAX_NOTE_BYTES + 1)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    if (bytesRead > MAX_NOTE_BYTES) throw new LibraryMovedError(MESSAGES.damaged(dir, tm('main:moved.tooLarge')))
    return buffer.subarray(0, bytesRead).toString('utf8')
  } catch (err) {
    if (err instanceof LibraryMovedError) throw err
    throw new LibraryMovedError(MESSAGES.damaged(dir, errorCode(err) ?? String(err)))
  } finally {
    await handle.close()
  }
}

/** Where the note in `dir` says the library went; null when it has no note. */
async function readMovedNote(dir: string): Promise<LibraryMove | null> {
  const text = await readNoteText(dir)
  if (text === null) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new LibraryMovedError(MESSAGES.damaged(dir, tm('main:moved.notJson')))
  }
  const parsed = noteSchema.safeParse(value)
  if (!parsed.success) throw new LibraryMovedError(MESSAGES.damaged(dir, tm('main:moved.noPath')))
  return { from: dir, to: resolve(parsed.data.movedTo), at: parsed.data.movedAt ?? null }
}

/** Checks that the folder a note names is there to open. */
async function checkDestination(move: LibraryMove): Promise<void> {
  try {
    if (!(await stat(move.to)).isDirectory()) throw new LibraryMovedError(MESSAGES.notFolder(move))
  } catch (err) {
    if (err instanceof LibraryMovedError) throw err
    throw new LibraryMovedError(MESSAGES.missing(move))
  }
}

/**
 * The folder the library in `dir` is really in: `dir` itself, or where its notes lead (a
 * library moved twice leaves two). Throws LibraryMovedError, naming the folders, when a
 * note cannot be read, leads to a folder that is not there, or the notes go round.
 */
export async function followLibraryMoves(dir: string): Promise<{ dir: string; moves: LibraryMove[] }> {
  const moves: LibraryMove[] = []
  const seen = [resolve(dir)]
  for (;;) {
    const move = await readMovedNote(seen.at(-1)!)
    // A folder nothing was moved from is kept as it was given (relative, say).
    if (!move) return { dir: moves.length ? seen.at(-1)! : dir, moves }
    if (seen.includes(move.to) || moves.length >= MAX_MOVES) throw new LibraryMovedError(MESSAGES.circle([...seen, move.to]))
    await checkDestination(move)
    moves.push(move)
    seen.push(move.to)
  }
}

/**
 * Makes sure the library's folder is there before an engine opens it. A folder the library
 * was moved to is never made afresh: missing, it is a disk not connected or a folder
 * deleted, and a new empty library in its place (on the disk under the mount point, say)
 * would take the outputs saved from then on where the user will not find them.
 */
export async function prepareLibraryFolder(dir: string, moved: boolean): Promise<void> {
  if (moved) await requireMovedLibrary(dir)
  else await mkdir(dir, { recursive: true })
}

/** Refuses a folder a move put the library in that is not there now (see prepareLibraryFolder). */
export async function requireMovedLibrary(dir: string): Promise<void> {
  const found = await stat(dir).then((s) => s.isDirectory(), () => false)
  if (!found) throw new LibraryMovedError(MESSAGES.gone(dir))
}
