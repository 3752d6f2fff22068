// Boards: the user's own groups of library entries, and their export and import.
import { AppFailure } from '../app-errors'
import type { RouteContext, RouteHandlers } from './route-context'

type BoardRoute =
  | 'boards.list' | 'boards.create' | 'boards.rename' | 'boards.delete' | 'boards.setMembers'
  | 'collections.export' | 'collections.import'

export function boardRoutes(ctx: RouteContext): RouteHandlers<BoardRoute> {
  return {
    'boards.list': async () => (await ctx.engine()).listBoards(),
    'boards.create': async ({ name }) => (await ctx.engine()).createBoard(name),
    'boards.rename': async ({ id, name }) => {
      const board = await (await ctx.engine()).renameBoard(id, name)
      if (!board) throw new AppFailure('not_found', 'No such board')
      return board
    },
    'boards.delete': async ({ id }) => {
      await (await ctx.engine()).deleteBoard(id)
      return null
    },
    'boards.setMembers': async ({ boardId, jobIds, on }) => {
      const engine = await ctx.engine()
      if (!engine.hasBoard(boardId)) throw new AppFailure('not_found', 'No such board')
      return { changed: await engine.setOnBoard(jobIds, boardId, on) }
    },
    'collections.export': async () => (await ctx.engine()).exportCollections(),
    'collections.import': async ({ data }) => (await ctx.engine()).importCollections(data)
  }
}
