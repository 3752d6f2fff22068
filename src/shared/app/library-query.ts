// What the gallery asks of the library: a page of entries matching filters and a prompt
// search, in an order. The main process answers it from its index, page by page, so the
// page never loads every entry. The filters alone (without order and page) are what a
// smart collection keeps.
import { z } from 'zod'
import { safeId } from './safe-keys'
import { tagListSchema } from './tags'

export const librarySortSchema = z.enum(['newest', 'oldest', 'cost'])
export const libraryStatusSchema = z.enum(['saved', 'waiting', 'lost'])
/** Made here, made by the account elsewhere (another device, the API), or imported from another tool's files. */
export const libraryOriginSchema = z.enum(['app', 'elsewhere', 'import'])

/** Boards one filter names at most. */
export const MAX_FILTER_BOARDS = 50

export const libraryFilterSchema = z.strictObject({
  /** Every word must appear in the prompt or the model (case- and accent-insensitive). */
  query: z.string().max(500).optional(),
  modality: z.enum(['image', 'video', 'music']).optional(),
  model: z.string().max(100).optional(),
  /** Completed at or after / before this moment (ISO date-time or date). */
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** saved: every output on disk; waiting: some not saved yet; lost: some purged before saving. */
  status: libraryStatusSchema.optional(),
  favorite: z.boolean().optional(),
  board: z.string().max(200).optional(),
  /** On at least one of these boards. */
  boardsAny: z.array(safeId).max(MAX_FILTER_BOARDS, `At most ${MAX_FILTER_BOARDS} boards`).optional(),
  /** Made with this LoRA (I17's loraId). */
  lora: z.string().max(200).optional(),
  /** Shows this colour (`#rrggbb`): a colour of its dominant palette covering 5 % or more is within 0.1 of it in OKLab (see shared/media/colour-match). */
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour as #rrggbb').optional(),
  /** Carries at least one of these tags (case-insensitive). */
  tagsAny: tagListSchema.optional(),
  /** Carries every one of these tags (case-insensitive). */
  tagsAll: tagListSchema.optional(),
  origin: libraryOriginSchema.optional(),
  /** Imported from this tool (one of IMPORT_TOOLS' names, e.g. "comfyui"). */
  tool: z.string().max(100).optional()
})
export type LibraryFilter = z.infer<typeof libraryFilterSchema>

export const libraryQuerySchema = libraryFilterSchema.extend({
  sort: librarySortSchema.optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(500).optional()
})
export type LibraryQuery = z.infer<typeof libraryQuerySchema>
