// Smart collections: saved filters of the library (any combination of the gallery's
// filters: search, tags, model, dates, favourites, kind, origin and tool, boards), each
// shown with how many entries match it now. They are kept in `smart-collections.json` in
// the library folder.
import { z } from 'zod'
import { libraryFilterSchema } from './library-query'
import { safeId } from './safe-keys'

/** Smart collections one library keeps at most. */
export const MAX_SMART_COLLECTIONS = 500

export const smartCollectionNameSchema = z.string().trim().min(1, 'A smart collection needs a name').max(100, 'At most 100 characters')

export const smartCollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: libraryFilterSchema,
  createdAt: z.string(),
  updatedAt: z.string()
})
export type SmartCollection = z.infer<typeof smartCollectionSchema>

/** With its count now: exact up to 10,000, then `countIsLowerBound` ("10,000+"), as the gallery counts. */
export const smartCollectionWithCountSchema = smartCollectionSchema.extend({
  count: z.number().int(),
  countIsLowerBound: z.boolean()
})
export type SmartCollectionWithCount = z.infer<typeof smartCollectionWithCountSchema>

/** One smart collection as its file keeps it: checked in full, or left out when read. */
export const storedSmartCollectionSchema = z.strictObject({
  id: safeId,
  name: smartCollectionNameSchema,
  filter: libraryFilterSchema,
  createdAt: z.string().max(100),
  updatedAt: z.string().max(100)
})
