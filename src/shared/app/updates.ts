// What the page may know about the app's own updates: whether this copy updates itself,
// what the last check found, and what is new in a version waiting to be installed.
import { z } from 'zod'

export const UPDATE_STATES = [
  /** This copy does not update itself (the browser route, a development build without a feed). */
  'unsupported',
  /** Not checked yet in this run. */
  'idle',
  'checking',
  'up-to-date',
  /** A newer version was found and its download is under way. */
  'downloading',
  /** Downloaded and verified: it installs when the app quits. */
  'ready',
  /** The feed or the file failed verification: nothing was or will be installed. */
  'refused',
  /** The update server could not be reached; tried again later. */
  'unreachable',
  /** Something else went wrong (a full disk, for one); tried again later. */
  'failed'
] as const

export const updateStatusSchema = z.object({
  state: z.enum(UPDATE_STATES),
  /** The version running now. */
  currentVersion: z.string(),
  /** The version found, downloaded or refused; null when there is none. */
  version: z.string().nullable(),
  /** What is new in `version`, as plain text; null when the feed says nothing. */
  releaseNotes: z.string().nullable(),
  /** Why the state is what it is, in words; null when there is nothing to explain. */
  message: z.string().nullable(),
  /** When the last check finished (ISO 8601); null before the first. */
  checkedAt: z.string().nullable()
})
export type UpdateStatus = z.infer<typeof updateStatusSchema>
