// An import of collections: an export file (see collections.ts) merged into this library.
// Boards and folders are added by id, or renamed and moved to where the export has them
// (a board or folder already here keeps its kind and creation time); memberships and
// favourites are added for entries this library has. Nothing is taken away. The export
// is checked against the tree first: a folder inside itself, or a parent that is neither
// in the export nor here, refuses the whole import, naming the board.
import { AppFailure } from '../../../shared/app/app-failure'
import type { FileWrite } from '../fs/staged-files'
import type { Library } from './library'
import type { Board } from './index/board-table'
import { placeProblem } from './board-tree'

export interface CollectionsExport {
  version: 1
  boards: Board[]
  /** Job ids on each board. */
  members: Record<string, string[]>
  favorites: string[]
}

const SAY = {
  broken: (name: string, problem: string) => `The export cannot be imported: "${name}": ${problem}. Nothing was changed.`
}

/** The tree once the export is merged in; throws when the export breaks it. */
function mergedTree(existing: ReadonlyMap<string, Board>, data: CollectionsExport): Map<string, Board> {
  const merged = new Map(existing)
  for (const b of data.boards) {
    const here = existing.get(b.id)
    merged.set(b.id, { ...b, createdAt: here?.createdAt ?? b.createdAt, kind: here?.kind ?? b.kind })
  }
  data.boards.forEach((b, i) => {
    const problem = placeProblem(merged, b.id, b.parent)
    if (problem) throw new AppFailure('invalid_input', SAY.broken(b.name, problem), { [`data.boards.${i}.parent`]: [problem] })
  })
  return merged
}

export async function importCollections(
  library: Library,
  existing: ReadonlyMap<string, Board>,
  data: CollectionsExport,
  copyWith: (change: (all: Map<string, Board>) => void) => FileWrite
): Promise<{ boards: number; entries: number }> {
  const merged = mergedTree(existing, data)
  const onBoards = new Map<string, Set<string>>()
  /** Memberships and favourites of entries this library has, as each is counted. */
  let entries = 0
  for (const board of data.boards) {
    if (merged.get(board.id)?.kind !== 'board') continue
    const listed = Object.hasOwn(data.members, board.id) ? data.members[board.id]! : []
    for (const id of new Set(listed)) {
      if (!library.has(id)) continue
      onBoards.set(id, (onBoards.get(id) ?? new Set()).add(board.id))
      entries++
    }
  }
  const favorites = new Set(data.favorites.filter((id) => library.has(id)))
  entries += favorites.size
  const changed = data.boards.map((b) => merged.get(b.id)!).filter((b) => JSON.stringify(b) !== JSON.stringify(existing.get(b.id)))
  await library.updateMany([...onBoards.keys(), ...favorites], (e) => ({
    boards: [...new Set([...e.boards, ...(onBoards.get(e.id) ?? [])])],
    favorite: e.favorite || favorites.has(e.id)
  }), () => {
    for (const board of changed) library.index.boards.put(board)
  }, () => copyWith((all) => {
    for (const board of changed) all.set(board.id, board)
  }))
  return { boards: data.boards.length, entries }
}
