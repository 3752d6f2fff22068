// `boards.json` in the library folder: every board and folder (id, name, creation time,
// and, for folders and what is in them, the kind and the folder it is in), the file the
// index's boards are rebuilt from. A copy written by an earlier version lists boards alone
// (no kind, no folder): they are boards at the top. What cannot be read as a board is left out; the caller mends the tree.
import { readFile } from 'node:fs/promises'
import type { Board } from './index/board-table'

export const BOARDS_COPY = 'boards.json'

/** A board as the copy (or an earlier version's log) has it, or null. */
export function boardOnFile(v: unknown): Board | null {
  const b = v as Partial<Record<keyof Board, unknown>> | null
  if (!b || typeof b.id !== 'string' || typeof b.name !== 'string' || typeof b.createdAt !== 'string') return null
  return { id: b.id, name: b.name, createdAt: b.createdAt, kind: b.kind === 'folder' ? 'folder' : 'board', parent: typeof b.parent === 'string' ? b.parent : null }
}

export interface CopyOnDisk {
  /** The file as it is, or null when there is none. */
  text: string | null
  /** Its boards, as far as they can be read. */
  boards: Board[]
  /** True when the file is there but not JSON (to be kept aside). */
  unreadable: boolean
}

export async function readBoardsCopy(path: string): Promise<CopyOnDisk> {
  const text = await readFile(path, 'utf8').catch(() => null)
  if (text === null) return { text, boards: [], unreadable: false }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { text, boards: [], unreadable: true }
  }
  const boards = (Array.isArray(parsed) ? parsed : []).map(boardOnFile).filter((b): b is Board => b !== null)
  return { text, boards, unreadable: false }
}

const byCreation = (a: Board, b: Board) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * The copy's text for these boards, oldest first. A folder says so, and a board or folder
 * in a folder names it; a board at the top is written as earlier versions wrote it, so a
 * library without folders keeps the copy they read.
 */
export function boardsCopyText(boards: Iterable<Board>): string {
  return JSON.stringify([...boards].sort(byCreation).map(({ id, name, createdAt, kind, parent }) => ({
    id, name, createdAt, ...(kind === 'folder' ? { kind } : {}), ...(parent !== null ? { parent } : {})
  })))
}
