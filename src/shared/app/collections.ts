// Favourites, boards and the folders boards are kept in, as the page sees them, and their
// export file.
import { z } from 'zod'
import { safeId } from './safe-keys'

/** A board holds library entries; a folder holds boards and folders. */
export const boardKindSchema = z.enum(['board', 'folder'])

export const boardSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  kind: boardKindSchema,
  /** The folder it is in; null at the top. */
  parent: z.string().nullable()
})
/** `count`: the entries on a board (a folder holds none of its own). */
export const boardWithCountSchema = boardSchema.extend({ count: z.number().int() })

export const boardNameSchema = z.string().trim().min(1, 'A board needs a name').max(100, 'At most 100 characters')
// Board and job ids key records (an export's `members`) and maps in main.
// A board's id is made by this app (a uuid); an import names no other kind.
const boardIdSchema = safeId.regex(/^[A-Za-z0-9_-]+$/, 'Must be a board id from an export')
const jobIdSchema = safeId
export const jobIdsSchema = z.array(jobIdSchema).min(1, 'Select at least one item').max(10_000)

/** A board as an export file carries it: checked in full before an import writes anything (an export of an earlier version names no kind or folder). */
const exportedBoardSchema = z.strictObject({
  id: boardIdSchema,
  name: boardNameSchema,
  createdAt: z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' }),
  kind: boardKindSchema.default('board'),
  parent: boardIdSchema.nullable().default(null)
})

export const collectionsExportSchema = z.strictObject({
  version: z.literal(1),
  boards: z.array(exportedBoardSchema).max(10_000),
  members: z.record(boardIdSchema, z.array(jobIdSchema).max(1_000_000)),
  favorites: z.array(jobIdSchema).max(1_000_000)
})

/** Where a new board or folder goes, and which it is. */
export const boardPlaceSchema = z.strictObject({
  name: boardNameSchema,
  kind: boardKindSchema.default('board'),
  /** The folder to put it in; absent or null for the top. */
  parent: safeId.nullable().default(null)
})

export const BOARD_TREE_MESSAGES = {
  noFolder: 'No such folder',
  notAFolder: 'Boards and folders go into a folder, not into a board',
  intoItself: 'A folder cannot go inside itself or one of its own folders',
  notABoard: 'A folder holds boards, not items: choose a board'
} as const
