// The update feed: the `latest*.yml` file electron-builder writes beside each release's
// installers (version, files with their SHA-512, release notes). It is read only after its
// signature was checked (update-signature.ts), and even then checked field by field: what
// the updater acts on must be well formed, and every file must carry a SHA-512, since that
// is what the downloaded file is checked against.
import type { UpdateInfo } from 'electron-updater'
import { load } from 'js-yaml'
import { z } from 'zod'

/** A feed is a few hundred bytes; anything far larger is not one. */
export const MAX_FEED_BYTES = 256 * 1024
/** Release notes beyond this are cut (the page shows a summary, not a manual). */
const MAX_NOTES_CHARS = 4000

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/
/** 64 bytes, in base64 (as electron-builder writes it) or hex. */
const SHA512 = /^(?:[A-Za-z0-9+/]{86}==|[0-9a-fA-F]{128})$/

const feedFileSchema = z.looseObject({
  url: z.string().min(1).max(2048),
  sha512: z.string().regex(SHA512, 'Must be a SHA-512 digest'),
  size: z.number().int().nonnegative().optional()
})

const releaseNoteSchema = z.object({ version: z.string().max(100), note: z.string().nullable() })

const feedSchema = z.looseObject({
  version: z.string().regex(SEMVER, 'Must be a version such as 1.2.3'),
  files: z.array(feedFileSchema).min(1, 'The feed lists no files').max(50),
  releaseName: z.string().nullish(),
  releaseNotes: z.union([z.string(), z.array(releaseNoteSchema)]).nullish(),
  releaseDate: z.union([z.string(), z.date()]).optional()
})

/** A signed feed that is not a feed: the publisher's mistake, not an attack. */
export class FeedFormatError extends Error {
  readonly code = 'ERR_UPDATE_FEED_FORMAT'
}

/** The feed's text as the updater's update info; throws FeedFormatError naming the field at fault. */
export function parseFeed(text: string): UpdateInfo {
  if (Buffer.byteLength(text) > MAX_FEED_BYTES) throw new FeedFormatError('The update feed is too large to be one')
  let raw: unknown
  try {
    raw = load(text)
  } catch (err) {
    throw new FeedFormatError(`The update feed is not YAML: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`)
  }
  const parsed = feedSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.length ? issue.path.join('.') : 'the feed'
    throw new FeedFormatError(`The update feed is malformed: ${field}: ${issue?.message ?? 'invalid'}`)
  }
  // The legacy top-level path/sha512 are kept when present; the updater reads `files`.
  return parsed.data as unknown as UpdateInfo
}

/** What is new, as plain text for the page: markup dropped, lists of notes joined, length capped. */
export function releaseNotesText(notes: UpdateInfo['releaseNotes']): string | null {
  if (notes == null) return null
  const text = typeof notes === 'string' ? notes : notes.map((n) => (n.note ? `${n.version}\n${n.note}` : n.version)).join('\n\n')
  const plain = text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  if (!plain) return null
  return plain.length > MAX_NOTES_CHARS ? `${plain.slice(0, MAX_NOTES_CHARS - 1)}…` : plain
}
