// A notice: something main tells the user, shown by the page as a toast. `message` is in
// main's language; a message of the catalogs also carries its `key` and `values`, so the
// page says it in its own (see core/i18n/notice-text.ts and renderer/i18n/notice-text.ts).
import { z } from 'zod'

export const noticeSchema = z.object({
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
  key: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  jobId: z.string().optional(),
  /** Why, where the app acts on it: a look at the service refused for the key is not told again while Settings says the key was rejected. */
  cause: z.enum(['key-rejected']).optional()
})
