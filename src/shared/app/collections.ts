// Favourites and boards as the page sees them, and their export file.
import { z } from 'zod'

export const boardSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() })
export const boardWithCountSchema = boardSchema.extend({ count: z.number().int() })

export const boardNameSchema = z.string().trim().min(1, 'A board needs a name').max(100, 'At most 100 characters')
export const jobIdsSchema = z.array(z.string().min(1).max(200)).min(1, 'Select at least one item').max(10_000)

export const collectionsExportSchema = z.strictObject({
  version: z.literal(1),
  boards: z.array(boardSchema).max(10_000),
  members: z.record(z.string(), z.array(z.string()).max(1_000_000)),
  favorites: z.array(z.string()).max(1_000_000)
})
