// Favourites and boards as the page sees them, and their export file.
import { z } from 'zod'
import { safeId } from './safe-keys'

export const boardSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() })
export const boardWithCountSchema = boardSchema.extend({ count: z.number().int() })

export const boardNameSchema = z.string().trim().min(1, 'A board needs a name').max(100, 'At most 100 characters')
// Board and job ids key records (an export's `members`) and maps in main.
// A board's id is made by this app (a uuid); an import names no other kind.
const boardIdSchema = safeId.regex(/^[A-Za-z0-9_-]+$/, 'Must be a board id from an export')
const jobIdSchema = safeId
export const jobIdsSchema = z.array(jobIdSchema).min(1, 'Select at least one item').max(10_000)

/** A board as an export file carries it: checked in full before an import writes anything. */
const exportedBoardSchema = z.strictObject({ id: boardIdSchema, name: boardNameSchema, createdAt: z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' }) })

export const collectionsExportSchema = z.strictObject({
  version: z.literal(1),
  boards: z.array(exportedBoardSchema).max(10_000),
  members: z.record(boardIdSchema, z.array(jobIdSchema).max(1_000_000)),
  favorites: z.array(jobIdSchema).max(1_000_000)
})
