// The contract's routes for how the user keeps and finds things in the library: boards and
// the folders they sit in, favourites and tags on any selection, tag suggestions, smart
// collections with their counts, and the export of collections. Part of `routes` in
// contract.ts, kept here to keep the contract readable.
import { z } from 'zod'
import {
  boardNameSchema, boardPlaceSchema, boardSchema, boardWithCountSchema, collectionsExportSchema, jobIdsSchema
} from './collections'
import { safeId } from './safe-keys'
import { smartCollectionNameSchema, smartCollectionWithCountSchema } from './smart-collections'
import { libraryFilterSchema } from './library-query'
import { TAG_MESSAGES, tagCountSchema, tagListSchema, tagSuggestInputSchema, tagKey } from './tags'

const id = safeId
const empty = z.strictObject({}).optional()
const changed = z.object({ changed: z.number().int() })

/** Tags to add and to take off: at least one, and no tag in both. */
const tagChangeSchema = z
  .strictObject({ jobIds: jobIdsSchema, add: tagListSchema.default([]), remove: tagListSchema.default([]) })
  .superRefine((v, ctx) => {
    if (v.add.length === 0 && v.remove.length === 0) ctx.addIssue({ code: 'custom', path: ['add'], message: TAG_MESSAGES.nothingToChange })
    const removed = new Set(v.remove.map(tagKey))
    const both = v.add.find((t) => removed.has(tagKey(t)))
    if (both !== undefined) ctx.addIssue({ code: 'custom', path: ['remove'], message: `"${both}" is both added and removed` })
  })

export const curationRoutes = {
  'library.setFavorite': { input: z.strictObject({ jobIds: jobIdsSchema, favorite: z.boolean() }), output: changed },
  /** Every board and folder, with the entries on each board. */
  'boards.list': { input: empty, output: z.array(boardWithCountSchema) },
  /** A board (or, with `kind: 'folder'`, a folder), at the top or in a folder (`parent`). */
  'boards.create': { input: boardPlaceSchema, output: boardSchema },
  'boards.rename': { input: z.strictObject({ id, name: boardNameSchema }), output: boardSchema },
  /** Moves a board or folder into a folder (`parent`), or to the top (null); refused when it would go inside itself or into a board. */
  'boards.move': { input: z.strictObject({ id, parent: id.nullable() }), output: boardSchema },
  /** A board: its entries are taken off it (they stay in the library). A folder: what it holds moves up into the folder it was in. */
  'boards.delete': { input: z.strictObject({ id }), output: z.null() },
  /** Puts entries on a board (on: true) or takes them off it. */
  'boards.setMembers': { input: z.strictObject({ boardId: id, jobIds: jobIdsSchema, on: z.boolean() }), output: changed },
  'collections.export': { input: empty, output: collectionsExportSchema },
  'collections.import': { input: z.strictObject({ data: collectionsExportSchema }), output: z.object({ boards: z.number().int(), entries: z.number().int() }) },
  /** Adds tags to the entries and takes tags off them, as one change; `changed` counts the entries that changed. */
  'tags.change': { input: tagChangeSchema, output: changed },
  /** The library's tags that begin with what was typed (case-insensitive), most used first, with how many entries carry each. */
  'tags.suggest': { input: tagSuggestInputSchema, output: z.array(tagCountSchema) },
  /** Every smart collection, by name, each with its count now. */
  'smartCollections.list': { input: empty, output: z.array(smartCollectionWithCountSchema) },
  'smartCollections.create': { input: z.strictObject({ name: smartCollectionNameSchema, filter: libraryFilterSchema }), output: smartCollectionWithCountSchema },
  'smartCollections.rename': { input: z.strictObject({ id, name: smartCollectionNameSchema }), output: smartCollectionWithCountSchema },
  /** Replaces its filter. */
  'smartCollections.update': { input: z.strictObject({ id, filter: libraryFilterSchema }), output: smartCollectionWithCountSchema },
  'smartCollections.delete': { input: z.strictObject({ id }), output: z.null() }
} as const

export const curationEvents = {
  /** The library changed in a way that may change smart collections' counts: the page asks `smartCollections.list` again. */
  'smartCollections.countsChanged': z.object({})
} as const
