// How far a library move has got (see the library.move route): scanning, copying, then
// verifying the copy, in bytes and files.
import { z } from 'zod'

export const libraryMoveProgressSchema = z.object({
  phase: z.enum(['scan', 'copy', 'verify']),
  doneBytes: z.number(),
  totalBytes: z.number(),
  doneFiles: z.number().int(),
  totalFiles: z.number().int()
})
