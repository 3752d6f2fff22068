// Boards and the folders they sit in, laid out as the pickers show them: each folder
// followed by what it holds, depth by depth, names in order. A folder picked as a filter
// shows the items of every board under it, however deep.
import type { RouteOutput } from '../../../shared/contract'

export type BoardItem = RouteOutput<'boards.list'>[number]

export interface PlacedBoard {
  board: BoardItem
  depth: number
}

/** Every board and folder, each after the folder it is in; one whose folder is missing is shown at the top. */
export function boardTree(boards: readonly BoardItem[]): PlacedBoard[] {
  const ids = new Set(boards.map((b) => b.id))
  const children = new Map<string | null, BoardItem[]>()
  for (const b of boards) {
    const parent = b.parent !== null && ids.has(b.parent) ? b.parent : null
    children.set(parent, [...(children.get(parent) ?? []), b])
  }
  const placed: PlacedBoard[] = []
  const seen = new Set<string>()
  const walk = (parent: string | null, depth: number) => {
    const here = [...(children.get(parent) ?? [])].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1))
    for (const b of here) {
      // A loop in damaged data would go on for ever: each is placed once.
      if (seen.has(b.id)) continue
      seen.add(b.id)
      placed.push({ board: b, depth })
      if (b.kind === 'folder') walk(b.id, depth + 1)
    }
  }
  walk(null, 0)
  return placed
}

/** The boards (not folders) under this folder, at any depth. */
export function boardsUnder(boards: readonly BoardItem[], folderId: string): string[] {
  const tree = boardTree(boards)
  const start = tree.findIndex((p) => p.board.id === folderId)
  if (start < 0) return []
  const depth = tree[start]!.depth
  const under: string[] = []
  for (const p of tree.slice(start + 1)) {
    if (p.depth <= depth) break
    if (p.board.kind === 'board') under.push(p.board.id)
  }
  return under
}

/** The folders this board or folder may move into: none inside itself, nor itself. */
export function foldersFor(boards: readonly BoardItem[], id: string): PlacedBoard[] {
  const tree = boardTree(boards)
  const start = tree.findIndex((p) => p.board.id === id)
  const inside = new Set<string>([id])
  if (start >= 0) {
    for (const p of tree.slice(start + 1)) {
      if (p.depth <= tree[start]!.depth) break
      inside.add(p.board.id)
    }
  }
  return tree.filter((p) => p.board.kind === 'folder' && !inside.has(p.board.id))
}

/** A name indented by its depth, for the options of a select (which shows no nesting of its own). */
export function indented(p: PlacedBoard, label: string): string {
  return `${'\u2003'.repeat(p.depth)}${label}`
}
