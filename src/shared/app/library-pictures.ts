// The library's routes for looking at pictures beside one another: "Find similar", the
// Duplicates view with its "keep the best, remove the rest", the lineage of an item (what
// it was made from and what was made from it), and how far the pass that measures the
// pictures of an older library has got. Spread into the contract's routes and events.
import { z } from 'zod'
import { jobIdsSchema } from './collections'
import { safeId } from './safe-keys'
import { libraryEntrySchema } from './views'

/** One picture of the library: an entry and the index of its file. */
const pictureRefSchema = z.strictObject({ jobId: safeId, index: z.number().int().min(0).max(10_000) })
const pictureIdSchema = z.object({ jobId: z.string(), index: z.number().int() })

/** Bits apart at most for "Find similar" (crops and light edits stay within it) and for the Duplicates view. */
export const SIMILAR_MAX_DISTANCE = 12
export const DUPLICATE_DISTANCE = 6

export const similarQuerySchema = pictureRefSchema.extend({
  /** At most this many of the 64 bits apart (default 12). */
  maxDistance: z.number().int().min(0).max(SIMILAR_MAX_DISTANCE).optional(),
  offset: z.number().int().min(0).max(1_000_000).optional(),
  limit: z.number().int().min(1).max(200).optional()
})
export type SimilarQuery = z.infer<typeof similarQuerySchema>

export const similarPageSchema = z.object({
  /** The pictures within the distance, nearest first (equal distances newest first); the picture asked about is not among them. */
  items: z.array(z.object({ entry: libraryEntrySchema, index: z.number().int(), distance: z.number().int() })),
  total: z.number().int()
})
export type SimilarPage = z.infer<typeof similarPageSchema>

/** Where a page of the Duplicates view ends: the next page starts after it. */
const cursorSchema = z.string().regex(/^-?\d{1,20}:\d{1,5}$/, 'Must be the `next` of an earlier page')

export const duplicatesQuerySchema = z.strictObject({
  after: cursorSchema.optional(),
  /** Groups on the page. */
  limit: z.number().int().min(1).max(50).optional()
})
export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>

export const duplicateGroupSchema = z.object({
  /** The pictures of the group, the one to keep first, each with its distance from it in bits. */
  members: z.array(z.object({ entry: libraryEntrySchema, index: z.number().int(), distance: z.number().int() })),
  /** The picture the engine suggests keeping: the largest, then a favourite, then the oldest. */
  keep: pictureIdSchema,
  /** The entries it suggests removing: those whose every picture is a lesser copy in a group of this page. */
  remove: z.array(z.string()),
  /** The group was cut at its first 200 pictures. */
  truncated: z.boolean()
})
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>

export const duplicatesPageSchema = z.object({
  groups: z.array(duplicateGroupSchema),
  /** Pass it as `after` for the next page; null at the end. */
  next: z.string().nullable(),
  /** Pictures not yet compared with the rest (counted up to 10,000): while any are, a group may still grow or appear. */
  unpaired: z.number().int()
})
export type DuplicatesPage = z.infer<typeof duplicatesPageSchema>

/** How an entry was made from the outputs it names as its inputs, from its model's kind. */
export const derivationSchema = z.enum(['remix', 'edit', 'upscale', 'background', 'animate', 'derived'])
export type Derivation = z.infer<typeof derivationSchema>

export const lineageNodeSchema = z.object({
  jobId: z.string(),
  /** Null when the entry is no longer in the library (removed), though another names it. */
  entry: libraryEntrySchema.nullable(),
  /** How it was made from `sources`; null when it names none (the start of a chain). */
  derivation: derivationSchema.nullable(),
  /** The outputs it was made from. */
  sources: z.array(pictureIdSchema),
  /** Steps from the item asked about: negative for what it was made from, positive for what was made from it. */
  depth: z.number().int()
})
export type LineageNode = z.infer<typeof lineageNodeSchema>

export const lineageSchema = z.object({
  item: lineageNodeSchema,
  /** What the item was made from, up to where each chain starts, nearest first. */
  ancestors: z.array(lineageNodeSchema),
  /** What was made from the item and from those, nearest first: each names its parents in `sources`. */
  descendants: z.array(lineageNodeSchema),
  /** Some of the chain was left out: more than 200 entries either way, or deeper than 50 steps. */
  truncated: z.boolean()
})
export type Lineage = z.infer<typeof lineageSchema>

export const lookProgressSchema = z.object({
  /** waiting: for the check of the library at start; running; done: every picture was looked at. */
  state: z.enum(['waiting', 'running', 'done']),
  /** Entries looked at by this pass, of `total` in the library when it began. */
  checked: z.number().int(),
  total: z.number().int(),
  /** Pictures measured by this pass, and those among them that could not be decoded. */
  measured: z.number().int(),
  unreadable: z.number().int(),
  /** Pictures not yet compared for near-identical ones (counted up to 10,000). */
  unpaired: z.number().int()
})
export type LookProgress = z.infer<typeof lookProgressSchema>

export const libraryPictureRoutes = {
  /** The pictures that look like one (within 12 bits of its perceptual hash, or `maxDistance`), nearest first; one not measured yet is measured first. */
  'library.similar': { input: similarQuerySchema, output: similarPageSchema },
  /** A page of groups of near-identical pictures (within 6 bits), each with the one to keep and the entries to remove. */
  'library.duplicates': { input: duplicatesQuerySchema, output: duplicatesPageSchema },
  /** Moves entries to the trash as one action; `library.restoreMany` with the same ids is its Undo (for the undo window). */
  'library.removeMany': {
    input: z.strictObject({ jobIds: jobIdsSchema }),
    output: z.object({ removed: z.array(z.string()), notRemoved: z.array(z.object({ jobId: z.string(), reason: z.string() })) })
  },
  'library.restoreMany': { input: z.strictObject({ jobIds: jobIdsSchema }), output: z.object({ restored: z.array(libraryEntrySchema) }) },
  /** What an entry was made from and what was made from it (see lineageSchema). */
  'library.lineage': { input: z.strictObject({ jobId: safeId }), output: lineageSchema },
  /** How far the measuring of pictures has got (also sent as `library.lookProgress` events). */
  'library.lookProgress': { input: z.strictObject({}).optional(), output: lookProgressSchema }
} as const

export const libraryPictureEvents = {
  'library.lookProgress': lookProgressSchema
} as const
