// Boards and the folders they sit in: the user's own groups of library entries, and their
// export and import.
import type { CollectionsExport } from '../../library/collections'
import type { RouteInput } from '../../../../shared/contract'
import { BOARD_TREE_MESSAGES } from '../../../../shared/app/collections'
import { AppFailure } from '../app-errors'
import type { RouteContext, RouteHandlers } from './route-context'

type BoardRoute =
  | 'boards.list' | 'boards.create' | 'boards.rename' | 'boards.move' | 'boards.delete' | 'boards.setMembers'
  | 'collections.export' | 'collections.import'

const NO_BOARD = 'No such board or folder'

/** An export as the contract parsed it, with its defaults (an earlier version's names no kind or folder). */
function exportOf(data: RouteInput<'collections.import'>['data']): CollectionsExport {
  return { ...data, boards: data.boards.map((b) => ({ ...b, kind: b.kind ?? 'board', parent: b.parent ?? null })) }
}

export function boardRoutes(ctx: RouteContext): RouteHandlers<BoardRoute> {
  const collections = async () => (await ctx.engine()).curation.collections
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw new AppFailure('not_found', NO_BOARD)
    return value
  }
  return {
    'boards.list': async () => (await collections()).listBoards(),
    'boards.create': async ({ name, kind, parent }) => (await collections()).createBoard(name, { kind: kind ?? 'board', parent: parent ?? null }),
    'boards.rename': async ({ id, name }) => found(await (await collections()).renameBoard(id, name)),
    'boards.move': async ({ id, parent }) => found(await (await collections()).moveBoard(id, parent)),
    'boards.delete': async ({ id }) => {
      await (await collections()).deleteBoard(id)
      return null
    },
    'boards.setMembers': async ({ boardId, jobIds, on }) => {
      const c = await collections()
      const board = c.board(boardId)
      if (!board) throw new AppFailure('not_found', 'No such board')
      if (board.kind !== 'board') throw new AppFailure('invalid_input', BOARD_TREE_MESSAGES.notABoard, { boardId: [BOARD_TREE_MESSAGES.notABoard] })
      return { changed: await c.setOnBoard(jobIds, boardId, on) }
    },
    'collections.export': async () => (await collections()).export(),
    'collections.import': async ({ data }) => (await collections()).import(exportOf(data))
  }
}
