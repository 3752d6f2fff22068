// What a library repair tells the page: how much it checked, which files were damaged
// (kept aside, never deleted), and one line per thing it found or recovered.
import { z } from 'zod'

export const libraryRepairSchema = z.object({
  /** Job folders checked. */
  checked: z.number().int().min(0),
  /** Damaged files, relative to the library folder. */
  damaged: z.array(z.string()),
  /** What was damaged, recovered, kept aside or cleaned, one line each; empty when nothing was. */
  lines: z.array(z.string())
})
export type LibraryRepair = z.infer<typeof libraryRepairSchema>
