// The tree of boards and folders: a board or a folder may sit in a folder, never in a
// board, and never inside itself (however deep). A move that would break that is refused
// with the reason; a tree read from a file that breaks it (an edited or damaged
// `boards.json`, an export) is mended by putting what is at fault at the top.
import { BOARD_TREE_MESSAGES } from '../../../shared/app/collections'
import type { Board } from './index/board-table'

export type BoardsById = ReadonlyMap<string, Pick<Board, 'id' | 'kind' | 'parent'>>

/** True when `id` is `ancestor` or lies inside it. */
function within(boards: BoardsById, id: string, ancestor: string): boolean {
  const seen = new Set<string>()
  for (let at: string | null = id; at !== null && !seen.has(at); at = boards.get(at)?.parent ?? null) {
    if (at === ancestor) return true
    seen.add(at)
  }
  return false
}

/** Why `id` cannot go into `parent` (null: the top), or null when it can. */
export function placeProblem(boards: BoardsById, id: string, parent: string | null): string | null {
  if (parent === null) return null
  const folder = boards.get(parent)
  if (!folder) return BOARD_TREE_MESSAGES.noFolder
  if (folder.kind !== 'folder') return BOARD_TREE_MESSAGES.notAFolder
  return within(boards, parent, id) ? BOARD_TREE_MESSAGES.intoItself : null
}

/**
 * The boards with every parent that breaks the tree (a missing folder, a board as a
 * folder, a cycle) taken away, in the order given; `mended` names the boards put at the
 * top. A cycle is broken at the first of its boards in that order.
 */
export function mendTree<B extends Board>(boards: readonly B[]): { boards: B[]; mended: B[] } {
  const byId = new Map<string, B>(boards.map((b) => [b.id, { ...b }]))
  const mended: B[] = []
  for (const board of byId.values()) {
    if (board.parent === null) continue
    const parent = board.parent
    // Checked as if it were moved there now: its own place does not count.
    board.parent = null
    if (placeProblem(byId, board.id, parent) === null) board.parent = parent
    else mended.push(board)
  }
  return { boards: [...byId.values()], mended }
}

/** The boards and folders directly inside `folder`. */
export function childrenOf<B extends Pick<Board, 'parent'>>(boards: Iterable<B>, folder: string): B[] {
  return [...boards].filter((b) => b.parent === folder)
}
